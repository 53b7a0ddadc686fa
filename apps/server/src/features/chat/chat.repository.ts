import { and, desc, eq, gt, lt, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, alias } from 'drizzle-orm/pg-core';
import type { Database } from '@kunci/db/client';
import { areas, chatConversations, chatMessages, chatReports, properties, propertyImages, sessions, userBlocks, users } from '@kunci/db/schema';
import { messageConversation } from '../../lib/chat-unread.repository.ts';
import { isLive, listingDealColumns } from '../../lib/listing-card.repository.ts';
import { transactional } from '../../lib/transactional.ts';
import { createUploadsRepository } from '../../lib/uploads.repository.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessage = typeof chatMessages.$inferInsert;

/** Turns raw SQL into the text and parameters a prepared statement is made of. */
const dialect = new PgDialect();

const tenants = alias(users, 'tenant');
const landlords = alias(users, 'landlord');
const cover = sql<
  string | null
>`(select ${propertyImages.mediaKey} from ${propertyImages} where ${propertyImages.propertyId} = ${properties.id} order by ${propertyImages.isCover} desc, ${propertyImages.position} limit 1)`;

/** Messages the user has not read: theirs to read, past their read mark, not sent by them. */
const unreadOf = (userId: string | Placeholder | SQL) => sql<number>`(
  select count(*)::int from ${chatMessages} m
  where m.conversation_id = ${chatConversations.id}
    and m.id > case when ${chatConversations.tenantId} = ${userId} then ${chatConversations.tenantReadId} else ${chatConversations.landlordReadId} end
    and m.sender_id is distinct from ${userId})`;

/** What one text message's send is given (a photo or video is sent the same way inside its own transaction). */
export type SendValues = Required<Pick<NewMessage, 'conversationId' | 'senderId' | 'kind' | 'body' | 'media' | 'clientId'>> & { sessionId?: number };

/** Most messages stored by one send statement: a prepared statement per count, up to this. */
export const SEND_BATCH_MAX = 16;

/**
 * The send of `size` messages as one named statement, so each connection parses and plans it once instead of for
 * every message (planning was most of its time). Drizzle's builder cannot write a statement whose CTEs change rows,
 * hence raw SQL, made once per size and prepared on each database handle. The messages of one statement are of
 * different conversations and senders (`sendQueue`); the conversations are locked in id order, so statements on
 * several connections never wait for each other in a cycle. VALUES rather than arrays: the planner knows how many
 * rows there are (an array's 100 rows made the plan's cost large enough to be compiled (JIT) on every execution).
 */
function sendQueryOf(size: number) {
  const param = (name: string, index: number) => sql.placeholder(`${name}${index}`);
  const rows = Array.from(
    { length: size },
    (_, i) =>
      sql`(${param('sessionId', i)}::int, ${param('senderId', i)}::uuid, ${param('conversationId', i)}::int, ${param('kind', i)}::text, ${param('body', i)}::text, ${param('media', i)}::jsonb, ${param('clientId', i)}::uuid, ${sql.raw(String(i))})`,
  );
  return dialect.sqlToQuery(sql`
        with input (session_id, sender_id, conversation_id, kind, body, media, client_id, n) as (
          values ${sql.join(rows, sql`, `)}
        ), signed_in as (
          select i.*, case when i.session_id is null then 'yes' else coalesce((
            select case when u.status = 'active' then 'yes' else 'inactive' end
            from ${sessions} s join ${users} u on u.id = s.user_id
            where s.id = i.session_id and s.user_id = i.sender_id
              and s.revoked_at is null and s.expires_at > now()), 'ended') end as state
          from input i
        ), conversation as (
          select c.id, c.tenant_id, c.landlord_id from ${chatConversations} c
          where c.id in (select conversation_id from signed_in where state = 'yes') order by c.id for update
        ), checked as (
          select c.*, exists (select 1 from ${userBlocks} b
            where (b.blocker_id = c.tenant_id and b.blocked_id = c.landlord_id)
               or (b.blocker_id = c.landlord_id and b.blocked_id = c.tenant_id)) as blocked
          from conversation c
        ), stored as (
          insert into ${chatMessages} (conversation_id, sender_id, kind, body, media, client_id)
          select c.id, i.sender_id, i.kind, i.body, i.media, i.client_id
          from signed_in i join checked c on c.id = i.conversation_id
          where i.state = 'yes' and i.sender_id in (c.tenant_id, c.landlord_id) and not c.blocked
          order by i.n
          on conflict do nothing
          returning *
        ), touched as (
          update ${chatConversations} c set last_message_at = s.created_at,
            tenant_read_id = case when c.tenant_id = s.sender_id then greatest(c.tenant_read_id, s.id) else c.tenant_read_id end,
            landlord_read_id = case when c.landlord_id = s.sender_id then greatest(c.landlord_read_id, s.id) else c.landlord_read_id end
          from stored s where c.id = s.conversation_id
          returning c.id
        ), sent as (
          select i.n, i.state, c.tenant_id, c.landlord_id, c.blocked,
            (select row_to_json(s)::text from stored s where s.conversation_id = c.id) as message,
            case when c.tenant_id = i.sender_id then c.landlord_id else c.tenant_id end as reader
          from signed_in i left join checked c on c.id = i.conversation_id
        )
        select c.n, c.state as signed_in, c.tenant_id, c.landlord_id, c.blocked, c.message,
          case when c.message is not null then 1 + (
            select count(*)::int from sent e where e.reader = c.reader and e.n < c.n and e.message is not null
          ) + (
            select coalesce(sum(${unreadOf(sql`c.reader`)}), 0)::int from ${chatConversations}
            where ${chatConversations.tenantId} = c.reader or ${chatConversations.landlordId} = c.reader
          ) end as reader_unread
        from sent c order by c.n`);
}

/** Both drivers answer raw SQL with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A message row as `row_to_json` writes it (snake_case keys, the time as ISO text). */
export function messageFromJson(raw: string): MessageRow {
  const m = JSON.parse(raw) as {
    id: number;
    conversation_id: number;
    sender_id: string | null;
    kind: MessageRow['kind'];
    body: string;
    media: MessageRow['media'];
    client_id: string | null;
    created_at: string;
  };
  return {
    id: Number(m.id),
    conversationId: m.conversation_id,
    senderId: m.sender_id,
    kind: m.kind,
    body: m.body,
    media: m.media,
    clientId: m.client_id,
    createdAt: new Date(m.created_at),
  };
}

/**
 * The chat's queries on the database (or a transaction, for `transaction`'s work). On the database, text messages
 * are stored by group commit (`sendQueue`): the sends made while a send statement runs go together in the next one.
 */
export function createChatRepository(db: Database) {
  const repository = transactional(db, chatQueries);
  return Object.assign(repository, { send: sendQueue(repository.sendMany) });
}

type SendResult = Awaited<ReturnType<ReturnType<typeof chatQueries>['sendMany']>>[number];

/**
 * Group commit of text messages: one send statement runs at a time on an instance, and the messages sent meanwhile
 * wait for it and then go together, in one statement and one commit (up to SEND_BATCH_MAX), each answered once its
 * statement has committed. Under load most of a send's cost in the database is per statement (starting its plan,
 * the commit's WAL flush, the round trip), so it is shared; an idle instance sends a message at once (in the next
 * turn of the event loop, with whatever else arrived in the same one). A message waits for the next statement when
 * one before it in line has its conversation or its sender (one message per conversation and sender in a
 * statement, in the order they came). A statement waiting for a conversation's lock holds the next one back: those
 * locks are held for one short transaction. If a statement fails (a deadlock with another statement included), its
 * messages are sent again one by one, so a message the database refuses fails alone, as it would have on its own.
 */
export function sendQueue(sendMany: (batch: SendValues[]) => Promise<SendResult[]>) {
  type Waiting = { values: SendValues; resolve: (result: SendResult) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let running = false;
  let scheduled = false;

  const sendAlone = (entry: Waiting) =>
    sendMany([entry.values]).then(
      ([result]) => entry.resolve(result!),
      (error: unknown) => entry.reject(error),
    );

  function next() {
    scheduled = false;
    if (running || !waiting.length) return;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    // Conversations and senders of the messages taken or left in line so far: a later one of either waits.
    const seen = new Set<string>();
    for (const entry of waiting) {
      const keys = [`c${entry.values.conversationId}`, `s${entry.values.senderId}`];
      if (batch.length < SEND_BATCH_MAX && !keys.some((key) => seen.has(key))) batch.push(entry);
      else later.push(entry);
      for (const key of keys) seen.add(key);
    }
    waiting = later;
    running = true;
    sendMany(batch.map((entry) => entry.values))
      .then(
        (results) => batch.forEach((entry, i) => entry.resolve(results[i]!)),
        async (error: unknown) => {
          if (batch.length === 1) batch[0]!.reject(error);
          else await Promise.all(batch.map(sendAlone));
        },
      )
      .finally(() => {
        running = false;
        next();
      });
  }

  return (values: SendValues) =>
    new Promise<SendResult>((resolve, reject) => {
      waiting.push({ values, resolve, reject });
      if (!running && !scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    });
}

/** Every query of chat: conversations, messages, notices, reports, blocks (on the database or one transaction). */
function chatQueries(db: Database) {
  const conversationColumns = (userId: string) => ({
    conversation: chatConversations,
    propertyName: properties.name,
    propertyPrice: properties.price,
    cover,
    tenantName: tenants.name,
    landlordName: landlords.name,
    unread: unreadOf(userId),
    lastMessage: sql<
      string | null
    >`(select row_to_json(m)::text from (select id, conversation_id, sender_id, kind, body, media, client_id, created_at from ${chatMessages} where conversation_id = ${chatConversations.id} order by id desc limit 1) m)`,
    blocked: sql<boolean>`exists (select 1 from ${userBlocks} b where (b.blocker_id = ${chatConversations.tenantId} and b.blocked_id = ${chatConversations.landlordId}) or (b.blocker_id = ${chatConversations.landlordId} and b.blocked_id = ${chatConversations.tenantId}))`,
  });
  const conversations = (userId: string) =>
    db
      .select(conversationColumns(userId))
      .from(chatConversations)
      .innerJoin(properties, eq(properties.id, chatConversations.propertyId))
      .innerJoin(tenants, eq(tenants.id, chatConversations.tenantId))
      .innerJoin(landlords, eq(landlords.id, chatConversations.landlordId));

  // Prepared once per connection: it runs after every message, for its reader.
  const reader = sql.placeholder('userId');
  const unreadCount = db
    .select({ n: sql<number>`coalesce(sum(${unreadOf(reader)}), 0)::int` })
    .from(chatConversations)
    .where(or(eq(chatConversations.tenantId, reader), eq(chatConversations.landlordId, reader)))
    .prepare('chat_unread_count');

  const sendStatements = new Map<number, ReturnType<typeof db._.session.prepareQuery>>();

  const queries = {
    /** Chat photos and videos, uploaded before the message that carries them. */
    uploads: createUploadsRepository(db),

    liveListing: async (propertyId: number) =>
      (
        await db
          .select({ id: properties.id, ownerId: properties.ownerId, name: properties.name, live: sql<boolean>`(${isLive()})` })
          .from(properties)
          .where(eq(properties.id, propertyId))
      )[0],

    /** Opens the conversation or, when it exists, refreshes the tenant's stated needs. */
    upsertConversation: async (values: typeof chatConversations.$inferInsert) =>
      (
        await db
          .insert(chatConversations)
          .values(values)
          .onConflictDoUpdate({
            target: [chatConversations.propertyId, chatConversations.tenantId],
            set: { moveInDate: values.moveInDate, budget: values.budget, tenancyMonths: values.tenancyMonths, reason: values.reason },
          })
          .returning()
      )[0]!,

    /** The conversation row, locked: messages of one conversation are numbered in the order they commit. */
    lock: async (id: number) => (await db.select().from(chatConversations).where(eq(chatConversations.id, id)).for('update'))[0],

    find: async (id: number) => (await db.select().from(chatConversations).where(eq(chatConversations.id, id)))[0],

    view: async (userId: string, id: number) => (await conversations(userId).where(eq(chatConversations.id, id)))[0],

    list: (userId: string) =>
      conversations(userId)
        .where(or(eq(chatConversations.tenantId, userId), eq(chatConversations.landlordId, userId)))
        .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
        .limit(200),

    insertMessage: async (values: NewMessage) => (await db.insert(chatMessages).values(values).onConflictDoNothing().returning())[0],

    /**
     * Participants' messages, in one statement (the send path's only round trip; `send` below is one of them): each
     * conversation row locked (messages numbered in commit order), each message stored unless its sender is not in
     * the conversation or either side blocked the other (a retried clientId is stored once), the conversation touched
     * and the sender's read mark moved to it. Answers, in the order given, the conversation (null when there is none),
     * whether it is blocked, the new message (null when nothing was stored) and, with it, the other side's badge
     * (`unreadCount`'s rule) counting it: the reader's badge costs no second round trip. The count is of what had
     * committed when the statement began, plus this message and the statement's earlier ones to the same reader: a
     * message to the same reader committing in that instant is counted by the next badge. Given a `sessionId`, the
     * sender's session is checked first, as the statement sees the database: nothing is stored unless it is signed in
     * (not revoked or expired) and its user active (`signedIn` says which failed). At most SEND_BATCH_MAX messages, of
     * different conversations and senders.
     */
    async sendMany(batch: SendValues[]) {
      const size = batch.length;
      let statement = sendStatements.get(size);
      if (!statement) sendStatements.set(size, (statement = db._.session.prepareQuery(sendQueryOf(size), undefined, `chat_send_${size}`, false)));
      const params: Record<string, unknown> = {};
      batch.forEach((values, i) => {
        params[`sessionId${i}`] = values.sessionId ?? null;
        params[`senderId${i}`] = values.senderId;
        params[`conversationId${i}`] = values.conversationId;
        params[`kind${i}`] = values.kind;
        params[`body${i}`] = values.body;
        params[`media${i}`] = values.media === null ? null : JSON.stringify(values.media);
        params[`clientId${i}`] = values.clientId;
      });
      // One row per message, in the order given; the conversation's columns null when there is none or nothing was tried.
      const rows = rowsOf<{
        signed_in: 'yes' | 'ended' | 'inactive';
        tenant_id: string | null;
        landlord_id: string | null;
        blocked: boolean;
        message: string | null;
        reader_unread: number | null;
      }>(await statement.execute(params));
      return batch.map((values, i) => {
        const row = rows[i]!;
        const signedIn = row.signed_in;
        if (!row.tenant_id || !row.landlord_id) return { signedIn, conversation: null, blocked: false, message: null, readerUnread: null };
        return {
          signedIn,
          conversation: { id: values.conversationId, tenantId: row.tenant_id, landlordId: row.landlord_id },
          blocked: row.blocked,
          message: row.message ? messageFromJson(row.message) : null,
          readerUnread: row.reader_unread,
        };
      });
    },

    /** One participant's message, as `sendMany` stores it (in a transaction, the message is sent on its own). */
    send: async (values: SendValues) => (await queries.sendMany([values]))[0]!,

    messageByClientId: async (senderId: string, clientId: string) =>
      (
        await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)))
      )[0],

    touch: (id: number, at: Date) => db.update(chatConversations).set({ lastMessageAt: at }).where(eq(chatConversations.id, id)),

    markRead: (conversation: ConversationRow, userId: string, lastReadId: number) =>
      db
        .update(chatConversations)
        .set(
          conversation.tenantId === userId
            ? { tenantReadId: sql`greatest(${chatConversations.tenantReadId}, ${lastReadId})` }
            : { landlordReadId: sql`greatest(${chatConversations.landlordReadId}, ${lastReadId})` },
        )
        .where(eq(chatConversations.id, conversation.id))
        .returning(),

    lastMessageId: async (conversationId: number) =>
      (
        await db
          .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)::bigint` })
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, conversationId))
      )[0]?.id ?? 0,

    messages: (conversationId: number, before: number | undefined, limit: number) =>
      db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversationId), before ? lt(chatMessages.id, before) : undefined))
        .orderBy(desc(chatMessages.id))
        .limit(limit + 1),

    /**
     * What a reconnecting client missed: messages of its conversations after `since`, and, because ids of
     * different conversations may commit out of order, those of the last seconds before it (the client keeps
     * each id once).
     */
    replay: (userId: string, since: number) =>
      db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chatConversations, messageConversation)
        .where(
          and(
            or(eq(chatConversations.tenantId, userId), eq(chatConversations.landlordId, userId)),
            or(
              gt(chatMessages.id, since),
              sql`${chatMessages.createdAt} >= (select created_at - interval '10 seconds' from ${chatMessages} where id = ${since})`,
            ),
          ),
        )
        .orderBy(chatMessages.id)
        .limit(2000),

    /**
     * The badge: messages waiting for the user across their conversations (the rule of `unreadBy`), counted per
     * conversation from its read mark, so only the unread messages' index entries are read, not every message.
     */
    unreadCount: async (userId: string) => (await unreadCount.execute({ userId }))[0]?.n ?? 0,

    listing: async (id: number) =>
      (
        await db
          .select({
            ...listingDealColumns,
            areaId: properties.areaId,
            lat: properties.lat,
            lng: properties.lng,
            viewingAvailableDate: properties.viewingAvailableDate,
          })
          .from(properties)
          .where(eq(properties.id, id))
      )[0],

    /**
     * Tenants whose latest chat request (within 60 days, moving in from a week ago on) states a budget of at
     * least 90% of the rent, about a home in the same area or within about 10 km; none blocked either way.
     */
    tenantMatches: async (listing: { id: number; ownerId: string; price: number; areaId: number | null; lat: number; lng: number }) =>
      rowsOf<{
        tenant_id: string;
        name: string;
        move_in_date: string | null;
        budget: number | null;
        tenancy_months: number | null;
        reason: string | null;
        area: string | null;
        stated_at: string;
        conversation_id: number | null;
      }>(
        await db.execute(sql`
        select * from (
          select distinct on (c.tenant_id) c.tenant_id, u.name, c.move_in_date::text, c.budget, c.tenancy_months, c.reason,
            a.slug as area, c.created_at as stated_at,
            (select x.id from ${chatConversations} x where x.property_id = ${listing.id} and x.tenant_id = c.tenant_id) as conversation_id
          from ${chatConversations} c
          join ${properties} p on p.id = c.property_id
          join ${users} u on u.id = c.tenant_id
          left join ${areas} a on a.id = p.area_id
          where c.tenant_id <> ${listing.ownerId}
            and c.opened_by = 'TENANT'
            and c.created_at > now() - interval '60 days'
            and c.budget >= ${Math.floor(listing.price * 0.9)}
            and c.move_in_date >= current_date - 7
            and (p.area_id = ${listing.areaId} or (p.lat between ${listing.lat - 0.09} and ${listing.lat + 0.09}
                 and p.lng between ${listing.lng - 0.09} and ${listing.lng + 0.09}))
            and not exists (select 1 from ${userBlocks} b
              where (b.blocker_id = c.tenant_id and b.blocked_id = ${listing.ownerId})
                 or (b.blocker_id = ${listing.ownerId} and b.blocked_id = c.tenant_id))
          order by c.tenant_id, c.created_at desc
        ) m
        order by abs(m.budget - ${listing.price}), m.stated_at desc
        limit 50`),
      ),

    /** Open for the landlord's invitation, or the one already there (then nothing changes). */
    inviteConversation: async (values: typeof chatConversations.$inferInsert) => {
      const [created] = await db.insert(chatConversations).values(values).onConflictDoNothing().returning();
      if (created) return { conversation: created, created: true };
      const [existing] = await db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.propertyId, values.propertyId), eq(chatConversations.tenantId, values.tenantId)));
      return { conversation: existing!, created: false };
    },

    /** Marks a message as one to tell `side` of at once (the conversation is locked: ids rise in commit order). */
    alert: (conversationId: number, side: 'tenant' | 'landlord', messageId: number) =>
      db
        .update(chatConversations)
        .set(side === 'tenant' ? { tenantAlertId: messageId } : { landlordAlertId: messageId })
        .where(eq(chatConversations.id, conversationId)),

    /**
     * Notices due: per conversation and side, the messages waiting unread and not yet told of, when one of them is
     * an alert (at once) or the other side has been quiet for `quietMs` (grouped). Claimed by one conditional UPDATE
     * of the side's notified mark, so two instances never send the same notice. One statement per side: two updates
     * of the same conversation row in one statement would keep only one of them. `after` is where the group starts.
     */
    async claimNotices(quietMs: number) {
      const claim = async (side: 'tenant' | 'landlord') => {
        const person = sql.raw(`${side}_id`);
        const read = sql.raw(`${side}_read_id`);
        const notified = sql.raw(`${side}_notified_id`);
        const alert = sql.raw(`${side}_alert_id`);
        const rows = rowsOf<{ conversation_id: number; user_id: string; after: number; up_to: number; count: number; urgent: boolean }>(
          await db.execute(sql`
          with waiting as (
            select c.id as conversation_id, greatest(c.${read}, c.${notified}) as after, max(m.id) as up_to,
              (count(*) filter (where m.sender_id is not null))::int as count,
              c.${alert} > greatest(c.${read}, c.${notified}) as urgent
            from ${chatConversations} c
            join ${chatMessages} m on m.conversation_id = c.id
              and m.id > greatest(c.${read}, c.${notified}) and m.sender_id is distinct from c.${person}
            where c.last_message_at > now() - interval '1 day'
            group by c.id
            having c.${alert} > greatest(c.${read}, c.${notified})
              or max(m.created_at) <= now() - make_interval(secs => ${quietMs / 1000})
          )
          update ${chatConversations} c set ${notified} = w.up_to from waiting w
          where c.id = w.conversation_id and c.${notified} < w.up_to
          returning c.id as conversation_id, c.${person} as user_id, w.after, w.up_to, w.count, w.urgent`),
        );
        return rows.map((r) => ({ ...r, side, after: Number(r.after), up_to: Number(r.up_to), count: Number(r.count) }));
      };
      return [...(await claim('tenant')), ...(await claim('landlord'))];
    },

    /** Gives a claimed notice back when nothing could be sent, so the next run tries again. */
    releaseNotice: (conversationId: number, side: 'tenant' | 'landlord', upTo: number, after: number) =>
      side === 'tenant'
        ? db
            .update(chatConversations)
            .set({ tenantNotifiedId: after })
            .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.tenantNotifiedId, upTo)))
        : db
            .update(chatConversations)
            .set({ landlordNotifiedId: after })
            .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.landlordNotifiedId, upTo))),

    /** The system messages of a notice's group (what happened, for its text). */
    systemMessagesBetween: (conversationId: number, after: number, upTo: number) =>
      db
        .select({ id: chatMessages.id, kind: chatMessages.kind, body: chatMessages.body })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            gt(chatMessages.id, after),
            lte(chatMessages.id, upTo),
            eq(chatMessages.kind, 'SYSTEM'),
          ),
        )
        .orderBy(chatMessages.id),

    usersById: (ids: string[]) =>
      ids.length
        ? db
            .select({ id: users.id, name: users.name, email: users.email, phone: users.phoneNumber, language: users.language })
            .from(users)
            .where(
              sql`${users.id} in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
            )
        : Promise.resolve([]),

    reported: async (conversationId: number) =>
      (await db.select({ id: chatReports.id }).from(chatReports).where(eq(chatReports.conversationId, conversationId)).limit(1)).length > 0,

    report: (values: typeof chatReports.$inferInsert) => db.insert(chatReports).values(values),

    isBlocked: async (blockerId: string, blockedId: string) =>
      (
        await db
          .select({ b: userBlocks.blockerId })
          .from(userBlocks)
          .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
      ).length > 0,
    block: (blockerId: string, blockedId: string) => db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing(),
    unblock: (blockerId: string, blockedId: string) =>
      db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId))),
  };
  return queries;
}
export type ChatRepository = ReturnType<typeof createChatRepository>;

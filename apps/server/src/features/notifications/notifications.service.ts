import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@kunci/db/client';
import type { ServerEvent } from '@kunci/contracts/chat';
import { ErrorCode } from '@kunci/contracts/errors';
import {
  NOTICE_CHANNELS,
  NOTICE_GROUPS,
  type NoticeChannel,
  type NoticeList,
  type NoticePreferences,
  type Unsubscribed,
} from '@kunci/contracts/notifications';
import { fromStoredLanguage, type Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import { AppError, notFound } from '../../lib/app-error.ts';
import { defineJob, type JobQueue } from '../../lib/jobs/jobs.service.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import { noticeType, noticeTypes, type NoticeParams, type NoticeSender, type NoticeType, type SendNotice } from '../../lib/notices.ts';
import { noticeGroup } from './notice-groups.ts';
import { readUnsubscribeToken, renderEmail, renderNotice, renderPush, renderSms, unsubscribeToken } from './notice-render.ts';
import type { NoticeRow, NotificationsRepository } from './notifications.repository.ts';
import { isPushEndpoint, sendPush, type PushKeys } from './web-push.ts';

export type DeliveryChannel = NoticeChannel | 'inApp';
const deliverNotice = defineJob<{ noticeId: number; channel: DeliveryChannel }>('notifications.deliver', { maxAttempts: 6 });
/** How long an instance may take to hand one notice to a provider before another may try (a crash mid-send). */
const CLAIM_MS = 5 * 60_000;

export interface NotificationsDependencies {
  /** The repository on the database, or on the caller's transaction when one is given. */
  repository: (transaction?: Database) => NotificationsRepository;
  jobs: JobQueue;
  hub: { publish(userIds: readonly string[], event: ServerEvent): Promise<void> };
  messenger: Messenger;
  secret: string;
  publicUrl: string;
  /** Web push keys; undefined hides push everywhere. */
  push: PushKeys | undefined;
  /** Accept push endpoints on this machine besides the browsers' push services (a local fake, never in production). */
  localPush?: boolean;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

export function createNotificationsService(dependencies: NotificationsDependencies): NoticeSender & ReturnType<typeof centre> {
  return centre(dependencies);
}

function centre(dependencies: NotificationsDependencies) {
  const { jobs, hub, messenger, secret, publicUrl, push, log } = dependencies;
  const repository = dependencies.repository();
  const clock = dependencies.clock ?? (() => new Date());
  const offered = (definition: NoticeType, channel: NoticeChannel) =>
    definition.channels[channel] !== undefined && (channel !== 'push' || push !== undefined);

  /** The person's setting for a type and channel, else the type's default. */
  async function enabled(userId: string, definition: NoticeType, channel: NoticeChannel) {
    if (!offered(definition, channel)) return false;
    const chosen = (await repository.preferences(userId)).find((p) => p.type === definition.type && p.channel === channel);
    return chosen ? chosen.enabled : definition.channels[channel] === true;
  }

  /** The unsubscribe page in the reader's language (the email's link) and the API the List-Unsubscribe header names. */
  const unsubscribeUrls = (lang: Language, userId: string, type: string, channel: NoticeChannel) => {
    const token = unsubscribeToken(secret, userId, type, channel);
    return {
      unsubscribeUrl: new URL(href(lang, 'unsubscribe', undefined, { token }), publicUrl).toString(),
      oneClickUrl: new URL(`/api/notices/unsubscribe?token=${token}`, publicUrl).toString(),
    };
  };

  /** Hands one notice to one channel's provider, at most once (the delivery row), retried by the job on failure. */
  async function deliver(noticeId: number, channel: DeliveryChannel) {
    const found = await repository.forDelivery(noticeId);
    if (!found) return;
    const { notice, user } = found;
    if (channel === 'inApp') {
      await hub.publish([user.id], { type: 'notice', noticeId, unread: await repository.unread(user.id) });
      return;
    }
    const definition = noticeType(notice.type);
    if (!definition) {
      log.warn({ noticeId, type: notice.type }, 'notice of an unknown type not delivered');
      return;
    }
    if (user.status === 'banned' || !(await enabled(user.id, definition, channel))) return;
    const subscriptions = channel === 'push' ? await repository.subscriptions(user.id) : [];
    if ((channel === 'email' && !user.email) || (channel === 'push' && !subscriptions.length)) return;
    const now = clock();
    if (!(await repository.claimDelivery(noticeId, channel, now, new Date(now.getTime() + CLAIM_MS)))) return;
    const lang = fromStoredLanguage(user.language);
    try {
      let outcome: string | null = null;
      if (channel === 'email') {
        const email = renderEmail(definition, notice, lang, { publicUrl, ...unsubscribeUrls(lang, user.id, notice.type, 'email') });
        await messenger.email(user.email!, email.subject, email.text, email.extra);
      } else if (channel === 'sms') {
        await messenger.sms(user.phone, renderSms(definition, notice, lang, publicUrl));
      } else {
        const payload = JSON.stringify(renderPush(definition, notice, lang, publicUrl));
        let reached = 0;
        let failure: unknown;
        for (const subscription of subscriptions) {
          try {
            const { gone } = await sendPush(push!, subscription, payload);
            if (gone) await repository.forgetSubscription(subscription.id);
            else reached += 1;
          } catch (error) {
            failure = error;
          }
        }
        // Delivered when one browser has it: a retry would show it twice on that one.
        if (!reached && failure) throw failure;
        outcome = `${reached} of ${subscriptions.length} browsers`;
      }
      await repository.delivered(noticeId, channel, clock(), outcome);
    } catch (error) {
      await repository.release(noticeId, channel, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  jobs.handle(deliverNotice, ({ noticeId, channel }) => deliver(noticeId, channel));

  return {
    /**
     * Stores the notice and queues its delivery on each channel its type offers (in the caller's transaction when
     * given, so the notice exists only if the change it tells of commits). Null when its key was used before.
     */
    async send<Params extends NoticeParams>(notice: SendNotice<Params>, options: { transaction?: Database } = {}) {
      const definition = noticeType(notice.type.type);
      if (definition !== (notice.type as unknown as NoticeType)) throw new Error(`notice type ${notice.type.type} is not defined`);
      const items: NoticeRow['items'] = (notice.items ?? []).map((item) => ({
        title: item.title,
        link: item.link,
        ...(item.subtitle ? { subtitle: item.subtitle } : {}),
        ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
      }));
      const stored = await dependencies.repository(options.transaction).insert({
        userId: notice.recipientId,
        type: definition.type,
        link: notice.link,
        params: notice.params,
        items,
        key: notice.key ?? null,
      });
      if (!stored) return null;
      const channels: DeliveryChannel[] = ['inApp', ...NOTICE_CHANNELS.filter((channel) => offered(definition, channel))];
      for (const channel of channels) {
        await jobs.enqueue(
          deliverNotice,
          { noticeId: stored.id, channel },
          { key: `notice:${stored.id}:${channel}`, ...(options.transaction ? { transaction: options.transaction } : {}) },
        );
      }
      return { id: stored.id };
    },

    async list(userId: string, lang: Language, query: { before?: number | undefined; limit: number }): Promise<NoticeList> {
      const rows = await repository.list(userId, query.before, query.limit + 1);
      const content = rows.slice(0, query.limit).flatMap((row) => {
        const definition = noticeType(row.type);
        if (!definition) return [];
        return [
          { id: row.id, type: row.type, ...renderNotice(definition, row, lang), read: row.readAt !== null, createdAt: row.createdAt.toISOString() },
        ];
      });
      return { content, unread: await repository.unread(userId), hasMore: rows.length > query.limit };
    },

    unread: async (userId: string) => ({ unread: await repository.unread(userId) }),

    async markRead(userId: string, ids: number[] | undefined) {
      await repository.markRead(userId, ids, clock());
      const unread = await repository.unread(userId);
      // The person's other tabs and devices update their bell too.
      await hub.publish([userId], { type: 'notice', noticeId: 0, unread });
      return { unread };
    },

    async preferences(userId: string, lang: Language): Promise<NoticePreferences> {
      const t = translatorFor(lang);
      const chosen = await repository.preferences(userId);
      const types = noticeTypes()
        .map((definition) => {
          const channels: NoticePreferences['types'][number]['channels'] = {};
          for (const channel of NOTICE_CHANNELS) {
            if (!offered(definition, channel)) continue;
            const row = chosen.find((p) => p.type === definition.type && p.channel === channel);
            channels[channel] = row ? row.enabled : definition.channels[channel] === true;
          }
          return { type: definition.type, label: t(definition.label), ...noticeGroup(definition.type), channels };
        })
        .sort((a, b) => NOTICE_GROUPS.indexOf(a.group) - NOTICE_GROUPS.indexOf(b.group) || a.type.localeCompare(b.type));
      return {
        types,
        landlord: await repository.hasListings(userId),
        push: { publicKey: push?.publicKey ?? null, subscriptions: push ? (await repository.subscriptions(userId)).length : 0 },
      };
    },

    async setPreference(userId: string, lang: Language, body: { type: string; channel: NoticeChannel; enabled: boolean }) {
      const definition = noticeType(body.type);
      if (!definition || !offered(definition, body.channel)) throw notFound({ type: body.type, channel: body.channel });
      await repository.setPreference(userId, body.type, body.channel, body.enabled, clock());
      return this.preferences(userId, lang);
    },

    async subscribePush(userId: string, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      if (!push) throw notFound({ push: 'not configured' });
      if (!isPushEndpoint(subscription.endpoint, dependencies.localPush === true))
        throw new AppError(ErrorCode.VALIDATION, { endpoint: 'not a push service' }, [{ path: 'endpoint', message: 'field.invalid' }]);
      await repository.subscribe(userId, { endpoint: subscription.endpoint, ...subscription.keys });
      return { subscriptions: (await repository.subscriptions(userId)).length };
    },

    async unsubscribePush(userId: string, endpoint: string) {
      await repository.unsubscribe(userId, endpoint);
      return { subscriptions: (await repository.subscriptions(userId)).length };
    },

    /** What a signed token would stop (the unsubscribe page asks before it does); changes nothing. */
    async unsubscribeTarget(token: string, lang: Language): Promise<Unsubscribed> {
      const target = readUnsubscribeToken(secret, token);
      const definition = target && noticeType(target.type);
      if (!target || !definition || !(await repository.userExists(target.userId))) throw notFound({ token: 'invalid' });
      return { type: target.type, channel: target.channel, label: translatorFor(lang)(definition.label) };
    },

    /** The one-click unsubscribe: turns off the one type and channel the signed token names. */
    async unsubscribe(token: string, lang: Language): Promise<Unsubscribed> {
      const done = await this.unsubscribeTarget(token, lang);
      await repository.setPreference(readUnsubscribeToken(secret, token)!.userId, done.type, done.channel, false, clock());
      return done;
    },

    /**
     * Where a browser that opens the List-Unsubscribe address goes: the unsubscribe page with the same token, in the
     * recipient's language (the email's), else the browser's. Opening it changes nothing.
     */
    async unsubscribePage(token: string, browserLang: Language): Promise<string> {
      const target = readUnsubscribeToken(secret, token);
      const stored = target ? await repository.languageOf(target.userId) : undefined;
      const lang = stored ? fromStoredLanguage(stored) : browserLang;
      return href(lang, 'unsubscribe', undefined, { token });
    },

    unsubscribeUrls,
    /** Runs one delivery now (tests; the job queue does this in service). */
    deliver,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

import type { Listening } from '@kunci/db/client';
import { tokenHash, type ActiveSession, type SessionsRepository } from './sessions.repository.ts';

/** Where the database says whose sessions changed (migration 0053: the user's id, or '' for everyone). */
export const SESSIONS_CHANNEL = 'kunci_sessions';

export interface SessionCacheOptions {
  /** Sessions kept at most; the least recently used go first. */
  maxEntries?: number;
  /** The instance's clock (tests move it). */
  now?: () => number;
}

export type CachedSessions = SessionsRepository & {
  /**
   * The session of this token, exact as of `arrivedAt` (a `performance.now()` time; now when not given): for a page's
   * in-process API call, when the page arrived (plugins/auth.ts).
   */
  findActive(token: string, arrivedAt?: number): Promise<ActiveSession | undefined>;
  /**
   * The session kept for this token, unexpired, without the round trip that makes it exact: only for a call whose
   * own statement checks the session again as the database has it (a chat message's send: 401 or 403 when it has
   * ended or its user is banned).
   */
  kept(token: string): ActiveSession | undefined;
  /** Sessions held now (tests and benchmarks read it). */
  size(): number;
  close(): Promise<void>;
};

/**
 * Every signed-in call starts by finding its session: a pooled join that returns the whole user row. This keeps the
 * sessions an instance has found and answers from memory, exactly: never a session signed out, expired or of a
 * user changed (banned, role or profile changed) before the call arrived, on any instance or by hand in the database.
 * For a page's in-process API calls "the call" is the page's request (or its last call that may have changed
 * something, web.ts): what changed while the page was being made may show in some of its calls and not others.
 * - The database tells every instance whose sessions changed, as the change commits (`listen`, SESSIONS_CHANNEL);
 *   the instance forgets that user's sessions (all of them when its listening connection was lost meanwhile).
 * - A kept session is used only once the listening connection has answered a query sent after the call arrived
 *   (`Listening.sync(arrivedAt)`): notifications committed before that are heard first. Calls arriving together
 *   share that round trip, a `select 1` on the listening connection in place of a join per call, and so do a page's
 *   calls: one barrier sent after the page arrived serves them all while that connection stays up.
 * - A session read while a notification arrived is not kept: what it read may predate the change.
 * Activity marks (`touch`) are no change: the kept entries take the new time (the session's last sight, the user's last
 *   activity), so a kept user row is the database's but for when that instance last marked it.
 */
export async function cacheSessions(
  repository: SessionsRepository,
  listen: (onNotify: (payload: string | undefined) => void) => Promise<Listening>,
  options: SessionCacheOptions = {},
): Promise<CachedSessions> {
  const maxEntries = options.maxEntries ?? 20_000;
  const now = options.now ?? Date.now;
  /** By token hash, least recently used first. */
  const entries = new Map<string, ActiveSession>();
  const byUser = new Map<string, Set<string>>();
  /** Counts notifications: a lookup that saw it change while it read keeps nothing. */
  let changes = 0;

  const remove = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const hashes = byUser.get(entry.user.id);
    hashes?.delete(hash);
    if (hashes?.size === 0) byUser.delete(entry.user.id);
  };
  const forget = (userId: string | undefined) => {
    changes += 1;
    if (!userId) {
      entries.clear();
      byUser.clear();
      return;
    }
    for (const hash of byUser.get(userId) ?? []) remove(hash);
  };
  const keep = (hash: string, session: ActiveSession) => {
    remove(hash);
    entries.set(hash, session);
    let hashes = byUser.get(session.user.id);
    if (!hashes) byUser.set(session.user.id, (hashes = new Set()));
    hashes.add(hash);
    if (entries.size > maxEntries) remove(entries.keys().next().value!);
  };

  const listening = await listen((payload) => forget(payload || undefined));

  return {
    ...repository,

    async findActive(token: string, arrivedAt?: number): Promise<ActiveSession | undefined> {
      const hash = tokenHash(token);
      const kept = entries.get(hash);
      if (kept && kept.expiresAt.getTime() > now() && (await listening.sync(arrivedAt)) && entries.get(hash) === kept) {
        // Most recently used last.
        entries.delete(hash);
        entries.set(hash, kept);
        return kept;
      }
      const before = changes;
      const found = await repository.findActive(token);
      if (found && changes === before) keep(hash, found);
      else remove(hash);
      return found;
    },

    kept(token: string): ActiveSession | undefined {
      const kept = entries.get(tokenHash(token));
      return kept && kept.expiresAt.getTime() > now() ? kept : undefined;
    },

    async touch(sessionId: number, userId: string): Promise<void> {
      await repository.touch(sessionId, userId);
      const touched = new Date(now());
      for (const hash of byUser.get(userId) ?? []) {
        const entry = entries.get(hash);
        if (!entry) continue;
        // The user's row is theirs in every kept session; the session's own mark only in that one.
        entry.user.lastActivityAt = touched;
        if (entry.id === sessionId) entry.lastSeenAt = touched;
      }
    },

    size: () => entries.size,
    close: () => listening.stop(),
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@kunci/contracts/errors';
import { holdsRole } from '@kunci/contracts/staff';
import { AppError } from '../lib/app-error.ts';
import { cookie } from '../lib/cookies.ts';
import type { CachedSessions } from '../lib/session-cache.ts';
import type { ActiveSession, SessionsRepository } from '../lib/sessions.repository.ts';

export const AUTH_COOKIE = 'authToken';
const TOUCH_AFTER_MS = 5 * 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved from `Authorization: Bearer` or the web's httpOnly cookie. */
    session: (ActiveSession & { via: 'header' | 'cookie'; token: string; unconfirmed?: true }) | null;
  }
  interface FastifyContextConfig {
    /**
     * The handler checks the session again in the statement that does its work, and answers 401 or 403 (banned) as
     * this plugin would when it has ended: the session kept on this instance is taken as it is (`unconfirmed`),
     * without the round trip that makes a kept session exact.
     */
    sessionCheckedByHandler?: boolean;
  }
}

/** The sessions the plugin reads: kept ones too, on an instance that keeps them (lib/session-cache.ts). */
type Sessions = Omit<SessionsRepository, 'findActive'> & Pick<CachedSessions, 'findActive'> & Partial<Pick<CachedSessions, 'kept'>>;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/**
 * Makes the session of `credentials.token`, as the database has it (exact: lib/session-cache.ts), the call's own: none
 * when it has ended (the call goes on anonymous; `requireSession` answers 401), 403 BANNED when its user is banned
 * (but for signing out). The plugin's hook, and a `sessionCheckedByHandler` route that needs it exact after all.
 */
export async function confirmSession(
  request: FastifyRequest,
  sessions: Pick<Sessions, 'findActive'>,
  credentials: { token: string; via: 'header' | 'cookie' },
): Promise<FastifyRequest['session']> {
  // A page's in-process call is exact as of what the page says (web.ts): its calls share one barrier.
  const session = await sessions.findActive(credentials.token, request.sessionAsOf);
  request.session = session ? { ...session, ...credentials } : null;
  if (session && session.user.status !== 'active' && !request.url.startsWith('/api/logout'))
    throw new AppError(ErrorCode.BANNED, { userId: session.user.id });
  return request.session;
}

/** The signed-in user, or 401. */
export function requireSession(request: FastifyRequest): NonNullable<FastifyRequest['session']> {
  if (!request.session) throw new AppError(ErrorCode.UNAUTHORIZED);
  return request.session;
}

/** The signed-in user acting on their own record `id` (moderators may read any), or 401/403. */
export function requireSelf(request: FastifyRequest, id: string, options: { moderatorMay?: boolean } = {}) {
  const session = requireSession(request);
  if (session.user.id === id) return session;
  if (options.moderatorMay && holdsRole(session.user.role, ['moderator'])) return session;
  throw new AppError(ErrorCode.FORBIDDEN, { userId: session.user.id, target: id });
}

export const authPlugin = fp(async (app: FastifyInstance, { sessions, publicUrl }: { sessions: Sessions; publicUrl: string }) => {
  app.decorateRequest('session', null);
  const ownOrigins = new Set([new URL(publicUrl).origin]);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const fromHeader = bearer(request);
    const token = fromHeader ?? cookie(request, AUTH_COOKIE);
    if (!token) return;
    // A kept session of someone banned goes the exact way: the ban may have been lifted a moment ago.
    const kept = request.routeOptions.config.sessionCheckedByHandler ? sessions.kept?.(token) : undefined;
    const credentials = { token, via: fromHeader ? ('header' as const) : ('cookie' as const) };
    if (kept?.user.status === 'active') request.session = { ...kept, ...credentials, unconfirmed: true };
    else await confirmSession(request, sessions, credentials);
    const session = request.session;
    // A token that signs no one in leaves the call anonymous: public calls answer, calls that need a user
    // answer 401 (and the web signs the visitor out).
    if (!session) return;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await sessions.touch(session.id, session.user.id);
      // What the call reads of its session is what it has just marked (GET /users/profile answers from it).
      const touched = new Date();
      request.session = { ...session, lastSeenAt: touched, user: { ...session.user, lastActivityAt: touched } };
    }
  });

  // Cookie-authenticated writes must come from our own pages (the cookie is also SameSite=Lax).
  app.addHook('preHandler', async (request) => {
    if (request.session?.via !== 'cookie' || SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const host = request.headers.host;
    // `Origin: null` (a sandboxed or privacy-sensitive context) or anything unparsable is not our origin.
    const sameOrigin = origin ? ownOrigins.has(origin) || (host !== undefined && URL.parse(origin)?.host === host) : site === 'same-origin';
    if (!sameOrigin) throw new AppError(ErrorCode.FORBIDDEN, { reason: 'cross-site cookie write', origin, site });
  });
});

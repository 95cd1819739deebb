import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import type { SessionsRepo } from '../features/auth/sessions.repo.ts';
import { addDays, DAY_MS, type Clock } from './clock.ts';

export const SESSION_COOKIE = 'indent_session';
export const SESSION_DAYS = 30;
/** A session is pushed forward at most once a day, so busy pages do not write on every request. */
const RENEW_AFTER_MS = DAY_MS;

export interface CurrentSession {
  user: UserRow;
  tokenHash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque session tokens in an HttpOnly cookie. Only the token's SHA-256 is stored, so a leaked
 * database cannot be replayed as cookies. Lifetime 30 days, sliding.
 */
export function createSessions(deps: { repo: SessionsRepo; clock: Clock; secureCookies: boolean }) {
  const memo = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();

  const setCookie = (reply: FastifyReply, token: string, expires: Date) => {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      expires,
    });
  };

  const clearCookie = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
    });
  };

  async function resolve(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CurrentSession | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return null;
    const now = deps.clock.now();
    const tokenHash = hashToken(token);
    const found = await deps.repo.findLive(tokenHash, now.toISOString());
    if (!found) {
      // A stale or forged cookie: drop it so the browser stops sending it.
      clearCookie(reply);
      return null;
    }
    const fullLifetimeEnd = addDays(now, SESSION_DAYS);
    if (fullLifetimeEnd.getTime() - new Date(found.expiresAt).getTime() > RENEW_AFTER_MS) {
      await deps.repo.extend(tokenHash, fullLifetimeEnd.toISOString());
      setCookie(reply, token, fullLifetimeEnd);
    }
    return { user: found.user, tokenHash };
  }

  return {
    async create(reply: FastifyReply, user: UserRow, userAgent: string | undefined): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const now = deps.clock.now();
      const expires = addDays(now, SESSION_DAYS);
      await deps.repo.insert({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now.toISOString(),
        expiresAt: expires.toISOString(),
        userAgent: userAgent?.slice(0, 500) ?? null,
      });
      setCookie(reply, token, expires);
    },
    /** The signed-in user of this request, looked up once per request. */
    current(request: FastifyRequest, reply: FastifyReply): Promise<CurrentSession | null> {
      let pending = memo.get(request);
      if (!pending) {
        pending = resolve(request, reply);
        memo.set(request, pending);
      }
      return pending;
    },
    async destroy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deps.repo.delete(hashToken(token));
      clearCookie(reply);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

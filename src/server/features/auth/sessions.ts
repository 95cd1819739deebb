import { hash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import type { SessionsRepo } from './sessions.repo.ts';
import { addDays, DAY_MS, type Clock } from '../../platform/clock.ts';
import { createRecentCache } from '../../platform/recent-cache.ts';

export const SESSION_COOKIE = 'indent_session';
export const SESSION_DAYS = 30;
/** A session is pushed forward at most once a day, so busy pages do not write on every request. */
const RENEW_AFTER_MS = DAY_MS;
/** How long a session found in the database is trusted before it is looked up again. */
export const SESSION_RECHECK_MS = 1_000;

export interface CurrentSession {
  user: UserRow;
  tokenHash: string;
}

export function hashToken(token: string): string {
  // The one-shot form: a third of createHash's cost, and it runs on every signed-in request.
  return hash('sha256', token, 'hex');
}

/**
 * Opaque session tokens in an HttpOnly cookie. Only the token's SHA-256 is stored, so a leaked
 * database cannot be replayed as cookies. Lifetime 30 days, sliding.
 */
export function createSessions(deps: { repo: SessionsRepo; clock: Clock; secureCookies: boolean }) {
  const memo = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();
  // Sign-out here forgets the session at once; another instance may trust it for up to
  // SESSION_RECHECK_MS more (decision 0009). An unknown token is never remembered.
  const recent = createRecentCache<string, { user: UserRow; expiresAt: string }>({
    clock: deps.clock,
    ttlMs: SESSION_RECHECK_MS,
    maxEntries: 50_000,
  });
  const needsRenewal = (expiresAt: string, now: Date) =>
    addDays(now, SESSION_DAYS).getTime() - new Date(expiresAt).getTime() > RENEW_AFTER_MS;

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

  /** The request's session token, if it carries one that could be ours. */
  const tokenOf = (request: FastifyRequest): string | undefined => {
    const token = request.cookies[SESSION_COOKIE];
    return token && token.length <= 128 ? token : undefined;
  };

  /** A session confirmed within SESSION_RECHECK_MS that needs no renewal yet: no database, no wait. */
  function remembered(tokenHash: string, now: Date): CurrentSession | undefined {
    const entry = recent.get(tokenHash);
    return entry && !needsRenewal(entry.expiresAt, now)
      ? { user: entry.user, tokenHash }
      : undefined;
  }

  async function resolve(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CurrentSession | null> {
    const token = tokenOf(request);
    if (!token) return null;
    const now = deps.clock.now();
    const tokenHash = hashToken(token);
    const known = remembered(tokenHash, now);
    if (known) return known;
    const found = await deps.repo.findLive(tokenHash, now.toISOString());
    if (!found) {
      // A stale or forged cookie: drop it so the browser stops sending it.
      recent.delete(tokenHash);
      clearCookie(reply);
      return null;
    }
    let expiresAt = found.expiresAt;
    if (needsRenewal(expiresAt, now)) {
      const fullLifetimeEnd = addDays(now, SESSION_DAYS);
      await deps.repo.extend(tokenHash, fullLifetimeEnd.toISOString());
      setCookie(reply, token, fullLifetimeEnd);
      expiresAt = fullLifetimeEnd.toISOString();
    }
    recent.set(tokenHash, { user: found.user, expiresAt }, new Date(expiresAt));
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
    /**
     * The signed-in user of this request if it is known without asking the database (see
     * `remembered`); otherwise undefined, and `current` finds out.
     */
    rememberedNow(request: FastifyRequest): CurrentSession | undefined {
      const token = tokenOf(request);
      return token ? remembered(hashToken(token), deps.clock.now()) : undefined;
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
      if (token) {
        const tokenHash = hashToken(token);
        await deps.repo.delete(tokenHash);
        recent.delete(tokenHash);
      }
      clearCookie(reply);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

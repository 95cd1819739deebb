import { hash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import type { SessionsRepo } from './sessions.repo.ts';
import { addDays, DAY_MS, type Clock } from '../../platform/clock.ts';
import type { MaybePromise } from '../../platform/maybe-promise.ts';
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
  expiresAt: string;
}

export function hashToken(token: string): string {
  // The one-shot form: a third of createHash's cost, and it runs on every signed-in request.
  return hash('sha256', token, 'hex');
}

/** When a session needs pushing forward: a remembered one is trusted only until then. */
const renewalDue = (expiresAt: string) =>
  new Date(new Date(expiresAt).getTime() - SESSION_DAYS * DAY_MS + RENEW_AFTER_MS);

/** The request's session token, if it carries one that could be ours. */
const tokenOf = (request: FastifyRequest): string | undefined => {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 128 ? token : undefined;
};

/** The hash of the request's session token ('' without one, which matches no row). */
const hashOf = (request: FastifyRequest): string => {
  const token = tokenOf(request);
  return token ? hashToken(token) : '';
};

function sessionCookies(secure: boolean) {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  return {
    setCookie(reply: FastifyReply, token: string, expires: Date) {
      reply.setCookie(SESSION_COOKIE, token, { ...options, expires });
    },
    clearCookie(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, options);
    },
  };
}

/**
 * Opaque session tokens in an HttpOnly cookie. Only the token's SHA-256 is stored, so a leaked
 * database cannot be replayed as cookies. Lifetime 30 days, sliding.
 */
export function createSessions(deps: { repo: SessionsRepo; clock: Clock; secureCookies: boolean }) {
  // Sign-out here forgets the session at once; another instance may trust it for up to
  // SESSION_RECHECK_MS more (decision 0009). An unknown token is never remembered.
  const recent = createRecentCache<string, CurrentSession>({
    clock: deps.clock,
    ttlMs: SESSION_RECHECK_MS,
    maxEntries: 50_000,
  });
  const { setCookie, clearCookie } = sessionCookies(deps.secureCookies);

  /** Reads the session from the database, pushing it forward (and its cookie) once a day. */
  async function load(
    token: string,
    tokenHash: string,
    reply: FastifyReply,
  ): Promise<CurrentSession | undefined> {
    const now = deps.clock.now();
    const found = await deps.repo.findLive(tokenHash, now.toISOString());
    if (!found) {
      // A stale or forged cookie: drop it so the browser stops sending it.
      clearCookie(reply);
      return undefined;
    }
    let expiresAt = found.expiresAt;
    if (renewalDue(expiresAt) < now) {
      const fullLifetimeEnd = addDays(now, SESSION_DAYS);
      await deps.repo.extend(tokenHash, fullLifetimeEnd.toISOString());
      setCookie(reply, token, fullLifetimeEnd);
      expiresAt = fullLifetimeEnd.toISOString();
    }
    return { user: found.user, tokenHash, expiresAt };
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
     * The signed-in user of this request: from memory (no promise) when confirmed within
     * SESSION_RECHECK_MS and not due for renewal, otherwise from the database.
     */
    resolve(
      request: FastifyRequest,
      reply: FastifyReply,
    ): MaybePromise<CurrentSession | undefined> {
      const token = tokenOf(request);
      if (!token) return undefined;
      const tokenHash = hashToken(token);
      return recent.lookup(
        tokenHash,
        () => load(token, tokenHash, reply),
        (session) => renewalDue(session.expiresAt),
      );
    },
    /** How many other live sessions the signed-in user has (other devices and browsers). */
    countOthers: (request: FastifyRequest, userId: string) =>
      deps.repo.countOthers(userId, hashOf(request), deps.clock.now().toISOString()),
    /**
     * Ends the user's sessions on every other device, or on all of them (this one included, and its
     * cookie cleared); answers how many ended. Forgotten from memory after the delete, as in destroy.
     */
    async endAll(request: FastifyRequest, reply: FastifyReply, userId: string, keepThis: boolean) {
      const ended = await deps.repo.deleteForUser(userId, keepThis ? hashOf(request) : undefined);
      for (const tokenHash of ended) recent.delete(tokenHash);
      if (!keepThis) clearCookie(reply);
      return ended.length;
    },
    async destroy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const tokenHash = hashToken(token);
        await deps.repo.delete(tokenHash);
        // After the commit: a look-up still reading the old row then cannot store it (recent-cache).
        recent.delete(tokenHash);
      }
      clearCookie(reply);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

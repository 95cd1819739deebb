import { Counter, type Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import { createAuthRequestsRepo } from './auth-requests.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createDevIdentity } from './dev.identity.ts';
import { createGoogleIdentity } from './google.identity.ts';
import type { IdentityProvider } from './identity.ts';
import { createSessions, type Sessions } from './sessions.ts';
import { createSessionsRepo } from './sessions.repo.ts';
import { createUsersRepo } from './users.repo.ts';

/** The identity driver the environment asks for. */
export function identityFromEnv(env: Env): IdentityProvider {
  if (env.identityDriver === 'dev') return createDevIdentity();
  return createGoogleIdentity({
    issuer: env.GOOGLE_ISSUER,
    clientId: env.GOOGLE_CLIENT_ID ?? '',
    clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
    allowInsecureIssuer: env.NODE_ENV !== 'production' && env.GOOGLE_ISSUER.startsWith('http://'),
  });
}

/** The session store every signed-in request goes through (the access hooks read it). */
export function authSessions(deps: { db: Db; clock: Clock; env: Env }): Sessions {
  return createSessions({
    repo: createSessionsRepo(deps.db),
    clock: deps.clock,
    secureCookies: deps.env.NODE_ENV === 'production',
  });
}

/** The auth feature's rows that end by a date, for the keeping-periods job. */
export function expiringAuthRows(db: Db) {
  return { sessions: createSessionsRepo(db), authRequests: createAuthRequestsRepo(db) };
}

/** Sign-in with Google (or the development page), the code exchange, and logout. */
export async function registerAuth(
  app: App,
  deps: {
    db: Db;
    env: Env;
    clock: Clock;
    sessions: Sessions;
    /** Defaults to the driver the environment asks for. */
    identity?: IdentityProvider | undefined;
    /** The checkout id of the user's active paid order, if any (the access feature). */
    subscriptionIdOf: (userId: string) => Promise<string | undefined>;
    /** The app's metrics registry (features/metrics). */
    metrics: Registry;
  },
): Promise<void> {
  const { db, env, clock } = deps;
  const signIns = new Counter({
    name: 'indent_auth_sign_ins_total',
    help: 'Sign-ins finished (a session started), by identity provider (google, dev)',
    labelNames: ['provider'] as const,
    registers: [deps.metrics],
  });
  await app.register(authRoutes, {
    auth: createAuthService({
      identity: deps.identity ?? identityFromEnv(env),
      users: createUsersRepo(db),
      authRequests: createAuthRequestsRepo(db),
      clock,
      redirectUri: `${env.origin}/login`,
      onSignedIn: (provider) => signIns.inc({ provider }),
    }),
    sessions: deps.sessions,
    subscriptionIdOf: deps.subscriptionIdOf,
    secureCookies: env.NODE_ENV === 'production',
  });
}

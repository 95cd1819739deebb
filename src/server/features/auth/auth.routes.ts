import { z } from 'zod';
import {
  devSignInBodySchema,
  devSignInReplySchema,
  exchangeCodeBodySchema,
  exchangeCodeReplySchema,
  startSignInBodySchema,
  startSignInReplySchema,
} from '#shared/api/user.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { Sessions } from './sessions.ts';
import type { AuthService } from './auth.service.ts';
import { toApiUser } from './user.presenter.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';

const SIGN_IN_COOKIE = 'indent_signin';
/** Sign-in endpoints are rate limited per client address. */
const signInRateLimit = { max: 20, timeWindow: '1 minute' };

const startOptions = {
  config: { rateLimit: signInRateLimit },
  schema: {
    summary: 'Start signing in: returns the provider address to send the browser to',
    tags: ['auth'],
    body: startSignInBodySchema,
    response: { 200: startSignInReplySchema },
  },
};

const devLoginOptions = {
  config: { rateLimit: signInRateLimit },
  schema: {
    summary: 'Development sign-in only: sign in as the typed name and e-mail',
    tags: ['auth'],
    body: devSignInBodySchema,
    response: { 200: devSignInReplySchema, 400: errorReply, 404: errorReply },
  },
};

const exchangeCodeOptions = {
  config: { rateLimit: signInRateLimit },
  schema: {
    summary: 'Finish signing in: trade the provider code for a session and the user',
    tags: ['auth'],
    body: exchangeCodeBodySchema,
    response: { 200: exchangeCodeReplySchema, 400: errorReply },
  },
};

const logoutOptions = {
  schema: {
    summary: 'Sign out: ends the session on the server and clears the cookie',
    tags: ['auth'],
    response: { 200: z.object({ ok: z.literal(true) }) },
  },
};

export interface AuthRoutesDeps {
  auth: AuthService;
  sessions: Sessions;
  /** The checkout id of the user's active paid order, if any (from the access feature). */
  subscriptionIdOf: (userId: string) => Promise<string | undefined>;
  secureCookies: boolean;
}

export const authRoutes: RoutesPlugin<AuthRoutesDeps> = async (app, deps) => {
  // The sign-in button is a plain HTML form too (it works before the page's script loads), so this
  // scope also reads form-encoded bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post('/api/auth/start', startOptions, async (request, reply) => {
    const { url, state } = await deps.auth.start(request.body);
    // Binds the attempt to this browser, so nobody can finish a sign-in they started in someone else's.
    reply.setCookie(SIGN_IN_COOKIE, state, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      maxAge: 600,
    });
    // A form post is a page navigation: send the browser straight on to the provider.
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return reply.redirect(url, 303);
    }
    return { url };
  });

  app.post('/api/dev-login', devLoginOptions, async (request) => ({
    redirect: await deps.auth.devAuthorize(request.body),
  }));

  app.post('/api/exchange-code', exchangeCodeOptions, async (request, reply) => {
    const result = await deps.auth.exchange({
      ...request.body,
      browserState: request.cookies[SIGN_IN_COOKIE],
    });
    reply.clearCookie(SIGN_IN_COOKIE, { path: '/api' });
    await deps.sessions.create(reply, result.user, request.headers['user-agent']);
    return {
      user: toApiUser(result.user, await deps.subscriptionIdOf(result.user.id)),
      returnTo: result.returnTo,
      action: result.action,
    };
  });

  app.post('/api/logout', logoutOptions, async (request, reply) => {
    await deps.sessions.destroy(request, reply);
    return { ok: true as const };
  });
};

import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '#server/app.ts';
import type { CourseContent } from '#server/content/course-content.ts';
import { openDatabase } from '#server/db/database.ts';
import { loadEnv } from '#server/env.ts';

/** One query the app ran: its SQL, its values, and how long the database took. */
export interface LoggedQuery {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

/**
 * The real app (buildApp), in this process, on a bench database: used to sign the measured learner
 * in before the fill and to see which queries an endpoint runs. Mail is off (nothing to send).
 */
export async function inProcessApp(
  url: string,
  content: CourseContent,
  origin: string,
  onQuery?: (query: LoggedQuery) => void,
): Promise<App> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    PUBLIC_ORIGIN: origin,
    MAIL_OFF: 'true',
    LOG_LEVEL: 'warn',
  });
  const { db, engine } = openDatabase(url, {
    log: (event) => {
      if (event.level !== 'query' || !onQuery) return;
      const { sql, parameters } = event.query;
      onQuery({ sql, parameters, ms: event.queryDurationMillis });
    },
  });
  return buildApp({ env, db, engine, content });
}

export interface SignedIn {
  userId: string;
  googleId: string;
  /** The Cookie header that carries the session. */
  cookie: string;
}

/** Signs in through the development provider, as the browser does (start, consent, exchange). */
export async function signIn(app: App, origin: string): Promise<SignedIn> {
  const jar = new Map<string, string>();
  const post = async (url: string, body: unknown): Promise<LightMyRequestResponse> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`sign-in: ${url} answered ${res.statusCode}`);
    for (const c of res.cookies) jar.set(c.name, c.value);
    return res;
  };
  const { url } = (await post('/api/auth/start', {})).json<{ url: string }>();
  const state = new URL(url, origin).searchParams.get('state') ?? '';
  const profile = { state, name: 'Bench Mark', email: 'bench-scale@example.com' };
  const { redirect } = (await post('/api/dev-login', profile)).json<{ redirect: string }>();
  const back = new URL(redirect, origin);
  const exchange = await post('/api/exchange-code', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  const { user } = exchange.json<{ user: { _id: string; googleId: string } }>();
  const session = [...jar].filter(([name]) => name === 'indent_session');
  return {
    userId: user._id,
    googleId: user.googleId,
    cookie: session.map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

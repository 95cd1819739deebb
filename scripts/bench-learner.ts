/*
 * The learner the measuring scripts (bench, bench:checks, perf:pages) act as: signed in through the
 * development provider exactly as the browser does, and, where a script needs a subscriber, paid
 * through the demo checkout's own endpoints. Only HTTP: a script never reaches into a feature.
 */

export interface BenchLearner {
  userId: string;
  googleId: string;
  /** The Cookie header that carries the session. */
  cookie: string;
  /** The address sign-in came from (sign-in is rate limited per address). */
  address: string;
}

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name) jar.set(name.trim(), value.join('='));
  }
}

/**
 * Signs learner `n` in (name `Bench n`, e-mail `bench<n>@example.com`), each from an address of its
 * own so that many sign-ins stay under the per-address rate limit.
 */
export async function signIn(base: string, n = 0): Promise<BenchLearner> {
  const jar = new Map<string, string>();
  const address = `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const headers = () => ({
    origin: base,
    'content-type': 'application/json',
    'x-forwarded-for': address,
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  });
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) });

  const start = await post('/api/auth/start', {});
  cookiesOf(start, jar);
  const { url } = (await start.json()) as { url: string };
  const state = new URL(url, base).searchParams.get('state') ?? '';
  const consent = await post('/api/dev-login', {
    state,
    name: `Bench ${n}`,
    email: `bench${n}@example.com`,
  });
  const back = new URL(((await consent.json()) as { redirect: string }).redirect, base);
  const exchange = await post('/api/exchange-code', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  if (!exchange.ok) throw new Error(`sign-in failed: ${exchange.status}`);
  cookiesOf(exchange, jar);
  const { user } = (await exchange.json()) as { user: { _id: string; googleId: string } };
  return { userId: user._id, googleId: user.googleId, cookie: headers().cookie, address };
}

/** Buys the year of access through the demo checkout, as the pricing and checkout pages do. */
export async function buyAccess(base: string, learner: BenchLearner): Promise<void> {
  const headers = { origin: base, 'x-forwarded-for': learner.address, cookie: learner.cookie };
  const start = await fetch(`${base}/create-checkout-session`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ googleId: learner.googleId }),
  });
  if (!start.ok) throw new Error(`checkout failed to start: ${start.status}`);
  const { id } = (await start.json()) as { id: string };
  const paid = await fetch(`${base}/api/demo-checkout/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    headers,
  });
  if (!paid.ok) throw new Error(`demo payment failed: ${paid.status}`);
}

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/*
 * Steps the browser journeys share. Sign-in goes through the development sign-in page, which stands in
 * for Google in the browser tests (no keys are configured), and access is bought through the demo
 * checkout, exactly as a learner of a keyless install would.
 */

/** From /login (already open): 'Continue with Google', then the development sign-in form. */
export async function signInThroughDevPage(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Opens /login, signs in, and waits for the navbar to greet the person. */
export async function signIn(page: Page, name: string, email: string) {
  await page.goto('/login');
  await signInThroughDevPage(page, name, email);
  await expect(page.getByText(`Welcome, ${name.split(' ')[0] ?? ''}`)).toBeVisible();
}

/** Signs in and pays through the demo checkout's API, then waits until the app knows it. */
export async function becomeSubscriber(page: Page, name: string, email: string) {
  await signIn(page, name, email);
  const origin = new URL(page.url()).origin;
  const googleId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { googleId?: string }).googleId,
  );
  const start = await page.request.post('/create-checkout-session', {
    headers: { origin },
    data: { googleId },
  });
  expect(start.ok()).toBe(true);
  const { id } = (await start.json()) as { id: string };
  const paid = await page.request.post(`/api/demo-checkout/${id}/pay`, { headers: { origin } });
  expect(paid.ok()).toBe(true);
  await page.goto('/');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('user') ?? '{}') as { stripeSubscriptionId?: string })
            .stripeSubscriptionId ?? null,
      ),
    )
    .not.toBeNull();
}

/**
 * Holds back the script that starts the app (decision 0021), so a journey can look at a page as
 * its HTML alone shows it; call the returned function to let the app start.
 *
 * Only a page the service worker does not control can be held: once the worker is active it answers
 * /assets/ from its cache and the request never reaches the route (it did, in a CI run, for a learner
 * whose sign-in page had installed the worker). A spec that calls this uses
 * `test.use({ serviceWorkers: 'block' })`.
 */
export async function holdAppStart(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A fresh address per run, so a journey can be repeated against the same server. */
export const freshEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/**
 * Runs `npm run admin -- ...args` on the e2e server's own database (scripts/e2e-server.mjs says
 * which), as the seller would on the machine that serves the course. Answers what it printed.
 */
export function runAdmin(...args: string[]): string {
  const port = process.env.E2E_PORT ?? '';
  const databaseUrl = readFileSync(join(tmpdir(), `indent-e2e-database-${port}`), 'utf8');
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
  });
}

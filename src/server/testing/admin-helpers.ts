import { expect } from 'vitest';
import { runAdmin } from '../features/admin/admin.cli.ts';
import type { AdminDeps } from '../features/admin/admin.ports.ts';
import { createAdminDeps, type AdminCommandDeps } from '../admin.ts';
import type { Db } from '../db/database.ts';
import { loadEnv } from '../env.ts';
import { testContent } from './test-app.ts';

/** What one admin command printed and wrote, and its exit status. */
export interface AdminRun {
  code: number;
  out: string;
  err: string;
  files: Map<string, string>;
}

/** Runs admin commands in-process against a test database, as `npm run admin` would. */
export function adminRunner(
  db: Db,
  options: Partial<Omit<AdminCommandDeps, 'db'>> & { wrap?: (deps: AdminDeps) => AdminDeps } = {},
) {
  const { wrap, ...rest } = options;
  const deps = createAdminDeps({
    env: loadEnv({ NODE_ENV: 'test' }),
    db,
    loadContent: testContent,
    systemUser: 'seller',
    ...rest,
  });
  return async (...argv: string[]): Promise<AdminRun> => {
    const out: string[] = [];
    const err: string[] = [];
    const files = new Map<string, string>();
    const code = await runAdmin(argv, wrap ? wrap(deps) : deps, {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      writeFile: (path, text) => {
        files.set(path, text);
        return Promise.resolve();
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n'), files };
  };
}

/** Every row the admin command could change, to prove a refused command changed nothing. */
export async function adminSnapshot(db: Db): Promise<string> {
  const [orders, audit, events, codes] = await Promise.all([
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db.selectFrom('admin_audit').selectAll().orderBy('id').execute(),
    db.selectFrom('payment_events').selectAll().orderBy('id').execute(),
    db.selectFrom('promo_codes').selectAll().orderBy('code').execute(),
  ]);
  return JSON.stringify({ orders, audit, events, codes });
}

/** Refused: exit status 2, one line on stderr, nothing on stdout, not one row changed. */
export async function expectAdminRefused(
  db: Db,
  admin: ReturnType<typeof adminRunner>,
  argv: string[],
  message: RegExp,
): Promise<AdminRun> {
  const before = await adminSnapshot(db);
  const run = await admin(...argv);
  expect(run.code, run.err).toBe(2);
  expect(run.err).toMatch(message);
  expect(run.err).not.toContain('\n');
  expect(run.out).toBe('');
  expect(await adminSnapshot(db)).toBe(before);
  return run;
}

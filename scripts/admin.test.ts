import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The real command in its own process, as `npm run admin` runs it: exit statuses and output
// streams. The commands themselves are tested in src/server/features/admin on both engines; this
// runs on a throw-away SQLite file so it never migrates a shared PostgreSQL database.

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'indent-admin-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(...argv: string[]) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/admin.ts', ...argv], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: `file:${join(dir, 'admin.db')}`,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin', () => {
  it('exits 0 with its help, 2 with one line for bad input, and writes the HTML report', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run admin -- <command> \[options\]/);

    const bad = await admin('grant', 'nobody@example.com', '--days', '0', '--reason', 'gift');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.replace(/^npm warn .*\n/gm, '')).toBe('--days must be at least 1 (got 0).\n');

    const unknown = await admin('extend', 'nobody@example.com', '--days', '3', '--reason', 'x');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No learner has the e-mail "nobody@example.com".\n');

    const file = join(dir, 'report.html');
    const report = await admin('report', '--html', file);
    expect(report.code, report.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!doctype html>[\s\S]*<svg [\s\S]*<\/html>\n$/);
  }, 60_000);
});

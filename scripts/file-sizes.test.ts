import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 30: a file a newcomer can read in one sitting. No source file under src/ (code, styles,
 * tests, Python) is longer than 400 lines, and app.ts, which only lists the features in order,
 * stays under 150.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const MAX_LINES = 400;
const MAX_APP_LINES = 150;
const TEXT = /\.(ts|tsx|mjs|js|css|py|html)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return TEXT.test(name) ? [full] : [];
  });
}

const lines = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('file sizes', () => {
  it(`keeps every source file under src/ to ${MAX_LINES} lines`, () => {
    const long = files(path.join(root, 'src'))
      .map((file) => ({ file: path.relative(root, file), lines: lines(file) }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it(`keeps app.ts, the list of features, under ${MAX_APP_LINES} lines`, () => {
    expect(lines(path.join(root, 'src/server/app.ts'))).toBeLessThan(MAX_APP_LINES);
  });
});

import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import rules of eslint.config.js (decision 0011), run through ESLint itself on snippets that
 * never touch the disk. The patterns are gitignore-style, where a leading # starts a comment: a rule
 * written '#server/features/*' is silently empty, and only running it shows that (issue 16).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The no-restricted-imports messages for one import written in a file at `filePath`. */
async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('import rules', () => {
  it.each([
    ['scripts/x.ts', '#server/features/x/y.ts'],
    ['scripts/x.ts', '#server/features/auth/users.repo.ts'],
    ['scripts/x.ts', '../src/server/features/auth/users.repo.ts'],
    ['scripts/verify-content/x.ts', '#server/features/courses/courses.routes.ts'],
    ['src/server/platform/x.ts', '#server/features/auth/users.repo.ts'],
    ['src/server/db/x.ts', '#server/features/mail/outbox.repo.ts'],
    ['src/server/content/x.ts', '#server/features/quizzes/quiz.service.ts'],
    ['src/server/python/x.ts', '#server/features/progress/exercise-checks.ts'],
    ['src/server/platform/x.ts', '#server/content/course-content.ts'],
    ['src/server/features/admin/x.ts', '#server/features/mail/outbox.repo.ts'],
    ['src/server/features/admin/x.ts', '#server/testing/test-app.ts'],
    ['src/server/x.ts', '#client/lib/api.ts'],
    ['src/client/x.ts', '#server/app.ts'],
    ['src/client/features/courses/x.ts', '#client/features/auth/login-page.tsx'],
    ['src/client/x.ts', '#client/testing/render.tsx'],
    ['src/shared/x.ts', '#server/app.ts'],
    ['src/shared/x.ts', '#client/main.tsx'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toHaveLength(1);
  });

  // What scripts legitimately use (ARCHITECTURE.md): the content and Python modules, the database,
  // the composition roots, shared code; a feature's public file is still a feature to a script.
  it.each([
    ['scripts/x.ts', '#server/content/course-content.ts'],
    ['scripts/x.ts', '../src/server/content/content.loader.ts'],
    ['scripts/x.ts', '#server/python/pyodide-runner.ts'],
    ['scripts/x.ts', '#server/db/time-ordered-id.ts'],
    ['scripts/x.ts', '#server/admin.ts'],
    ['scripts/x.ts', '#server/app.ts'],
    ['scripts/x.ts', '#server/env.ts'],
    ['scripts/x.ts', '#shared/site.ts'],
    ['src/server/features/admin/x.ts', '#server/features/auth/sessions.ts'],
    ['src/server/features/courses/x.ts', '#server/features/access/access.hooks.ts'],
    ['src/client/features/courses/x.ts', '#client/features/auth/auth-context.tsx'],
    ['src/server/features/admin/x.test.ts', '#server/testing/test-app.ts'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });

  it('write every alias pattern with its # escaped, so none is read as a comment', async () => {
    const files = [
      'scripts/x.ts',
      'src/shared/x.ts',
      'src/server/x.ts',
      'src/server/platform/x.ts',
      'src/server/content/x.ts',
      'src/server/python/x.ts',
      'src/server/features/admin/x.ts',
      'src/client/x.ts',
      'src/client/features/courses/x.ts',
    ];
    const patterns: string[] = [];
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(file)) as Linter.Config;
      const [, options] = (config.rules?.['no-restricted-imports'] ?? []) as [
        unknown,
        { patterns?: { group: string[] }[] }?,
      ];
      for (const group of options?.patterns ?? []) patterns.push(...group.group);
    }
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns.filter((p) => /^!?#/.test(p))).toEqual([]);
  });
});

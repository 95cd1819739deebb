// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

import { readdirSync } from 'node:fs';

/*
 * The boundaries of ARCHITECTURE.md and decision 0011, as import rules. ESLint replaces a rule's
 * options wholesale when two blocks match one file, so each block below lists every pattern that
 * applies to its files.
 */
// Patterns are gitignore-style, where a leading # starts a comment: the aliases are written \\#
// (scripts/import-rules.test.ts runs the rules on sample imports and checks every pattern for it).
const toServer = ['\\#server/*', '**/server/**'];
const toClient = ['\\#client/*', '**/client/**'];
/** Test support (src/server/testing, src/client/testing): for tests only. */
const toTesting = ['\\#server/testing/*', '\\#client/testing/*', '**/testing/*'];
/** Any server feature, by alias or by path from anywhere. */
const toServerFeatures = ['\\#server/features/*', '**/server/features/**'];

/**
 * What each feature lets other features import: its public files. Everything else in a feature
 * folder is private to it. A feature that needs another's data without a public file gets a narrow
 * interface wired in buildApp (server) or passed as props (client). Exported for
 * scripts/feature-imports.test.ts, which holds decision 0011's list of them to this one.
 */
export const publicFiles = {
  server: {
    auth: ['sessions.ts', 'user.presenter.ts'],
    access: ['access.hooks.ts'],
  },
  client: {
    auth: ['auth-context.tsx'],
    runner: [
      'exercise-workbench.tsx',
      'lesson-try-its.tsx',
      'use-exercise-progress.ts',
      'project-code.ts',
    ],
    'not-found': ['not-found-page.tsx'],
    learning: [
      'review-session.tsx',
      'review-widget.tsx',
      'rhythm-widget.tsx',
      'search-box.tsx',
      'code-history.tsx',
      'scroll-to-hash.ts',
    ],
    certificates: ['certificate-panel.tsx'],
  },
};

const featuresOf = (side) => readdirSync(new URL(`./src/${side}/features`, import.meta.url));

/** Import patterns that reach into another feature's private files. */
function otherFeatures(side, self) {
  const alias = side === 'server' ? '\\#server' : '\\#client';
  return featuresOf(side)
    .filter((name) => name !== self)
    .flatMap((name) => {
      const open = publicFiles[side][name] ?? [];
      return [
        `../${name}/*`,
        ...open.map((file) => `!../${name}/${file}`),
        `${alias}/features/${name}/*`,
        ...open.map((file) => `!${alias}/features/${name}/${file}`),
      ];
    });
}

const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.filter((g) => g.group.length > 0) }],
});
const rule = (group, message) => ({ group, message });
const noClient = rule(toClient, 'The server never imports client code; share it via src/shared.');
const noServer = rule(toServer, 'The client never imports server code; share it via src/shared.');
const noTesting = rule(toTesting, 'Only tests import test support (src/*/testing).');
const noFeatures = (where) =>
  rule(
    ['\\#server/features/*', '**/features/*', '../features/*'],
    `${where} never imports a feature (decision 0011).`,
  );

/** One block per feature folder. */
function featureBlocks(side) {
  const sideRule = side === 'server' ? noClient : noServer;
  return featuresOf(side).flatMap((name) => {
    const files = [`src/${side}/features/${name}/**`];
    const others = rule(
      otherFeatures(side, name),
      `Import another feature only through its public files (eslint.config.js publicFiles, decision 0011).`,
    );
    return [{ files, rules: restrict(sideRule, others, noTesting) }];
  });
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: restrict(
      rule([...toServer, ...toClient], 'src/shared imports neither the server nor the client.'),
    ),
  },
  {
    files: ['src/server/**'],
    rules: restrict(noClient, noTesting),
  },
  {
    files: ['src/server/platform/**', 'src/server/db/**'],
    rules: restrict(
      noClient,
      noTesting,
      noFeatures('Generic platform and database code'),
      rule(
        ['../content/*', '\\#server/content/*'],
        'Platform code never imports the course content.',
      ),
    ),
  },
  {
    files: ['src/server/content/**'],
    rules: restrict(noClient, noTesting, noFeatures('Content loading')),
  },
  {
    files: ['src/server/python/**'],
    rules: restrict(noClient, noTesting, noFeatures('The Python runner')),
  },
  {
    files: ['src/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(noServer, noTesting),
    },
  },
  ...featureBlocks('server'),
  ...featureBlocks('client'),
  {
    files: ['scripts/**'],
    rules: restrict(
      rule(
        toServerFeatures,
        'Scripts never import a feature; they may use src/server/content, python, db and the compositions app.ts and admin.ts (decision 0011).',
      ),
    ),
  },
  // Tests and test support may use test support, and a test may set up its data through another
  // feature's repo; they still never cross between client and server.
  {
    files: ['src/server/**/*.test.ts', 'src/server/testing/**'],
    rules: restrict(noClient),
  },
  {
    files: ['src/client/**/*.test.ts', 'src/client/**/*.test.tsx', 'src/client/testing/**'],
    rules: restrict(noServer),
  },
  {
    // No god-files (issue 16): a function over 80 lines is split into named pieces. Declarative
    // tables (migrations) and tests are long by nature.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/server/db/migrations/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Command-line scripts and tests talk to the terminal on purpose.
    files: ['scripts/**', 'e2e/**', '**/*.test.ts', 'src/server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);

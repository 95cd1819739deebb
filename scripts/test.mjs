// npm test: every check the project has, in order, stopping at the first failure.
// Server tests run on SQLite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { existsSync } from 'node:fs';
import { chromePath, chromiumMissingMessage, run } from './lib.mjs';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['content', 'npm', ['run', '--silent', 'verify:content']],
  ['Python (src/python)', 'npm', ['run', '--silent', 'test:python']],
  ['unit and API tests (SQLite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'API tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', 'src/server'],
    { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: the server tests run on SQLite only.');
}
steps.push(['build', 'npm', ['run', '--silent', 'build']]);
steps.push(['browser journeys', 'npx', ['playwright', 'test']]);

for (const [name, command, args, extraEnv] of steps) {
  if (name === 'browser journeys' && !existsSync(chromePath)) {
    console.error(chromiumMissingMessage());
    process.exit(1);
  }
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args, { env: { ...process.env, ...extraEnv } });
  if (code !== 0) {
    console.error(`\nnpm test: "${name}" failed (exit code ${code}).`);
    process.exit(code);
  }
}
console.log('\nnpm test: all checks passed.');

/*
 * npm run try:check -- m06-e2 wrong1.py [more.py ...]
 *
 * Runs programs against one exercise's check, exactly as Check does (the same runs, harness and
 * judge as the browser, the server and the verifier), and prints each verdict. For content writers
 * trying the wrong programs a learner would write before adding them to `wrong:`.
 */
import { readFile } from 'node:fs/promises';
import { scanContent } from '#server/content/content.loader.ts';
import { NodePyodideRunner } from '#server/python/pyodide-runner.ts';
import { exerciseCheckRuns, type Verdict } from '#shared/content/python-checks.ts';

const [prefix, ...files] = process.argv.slice(2);
if (!prefix || files.length === 0) {
  console.error('usage: npm run try:check -- <exercise id or its start, e.g. m06-e2> <file.py>...');
  process.exit(2);
}
const scan = await scanContent('content');
const matches = scan.course.modules
  .flatMap((m) => m.exercises)
  .filter((e) => e.id === prefix || e.id.startsWith(`${prefix}-`));
const [exercise] = matches;
if (!exercise || matches.length > 1) {
  console.error(`${matches.length === 0 ? 'no' : 'more than one'} exercise matches "${prefix}"`);
  process.exit(2);
}
const runner = await NodePyodideRunner.start();
let accepted = 0;
try {
  for (const file of files) {
    const code = await readFile(file, 'utf8');
    let verdict: Verdict = { passed: false, message: 'The check ran nothing.' };
    for (const step of exerciseCheckRuns(code, exercise)) {
      verdict = step.judge(await runner.run(step.request));
      if (!verdict.passed) break;
    }
    if (verdict.passed) accepted++;
    console.log(`${verdict.passed ? 'ACCEPTED' : 'refused '} ${file}: ${verdict.message}`);
  }
} finally {
  await runner.close();
}
console.log(`${exercise.id}: ${accepted} of ${files.length} accepted`);

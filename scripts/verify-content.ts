/*
 * npm run verify:content [-- --only 3 --only 5] [--root path/to/content] [--write-pictures]
 * Loads content/ through the schemas and runs every piece of its Python in Pyodide. It prints the
 * summary line, then a table of each module's figures; the exit code is 1 when anything is wrong.
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CURRICULUM } from '#shared/content/curriculum.ts';
import { NodePyodideRunner } from '#server/python/pyodide-runner.ts';
import { formatFigures } from './verify-content/figures.ts';
import { formatProjectFigures } from './verify-content/project-rules.ts';
import { formatSyllabus } from './verify-content/syllabus.ts';
import { verifyContent } from './verify-content/verify.ts';

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run verify:content -- [--only NN]... [--root content-dir] [--write-pictures]`,
  );
  process.exit(2);
}

function parseOnly(values: readonly string[]): number[] | undefined {
  if (values.length === 0) return undefined;
  const numbers = values.flatMap((v) => v.split(',')).map((v) => v.trim());
  return numbers.map((v) => {
    const n = Number(v);
    if (!/^\d{1,2}$/.test(v) || !CURRICULUM.some((m) => m.number === n)) {
      usage(`--only ${v}: not a module number (1 to ${CURRICULUM.length})`);
    }
    return n;
  });
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        only: { type: 'string', multiple: true, default: [] },
        root: { type: 'string' },
        'write-pictures': { type: 'boolean', default: false },
      },
      allowPositionals: false,
    });
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const only = parseOnly(args.values.only);
  const rootDir =
    args.values.root !== undefined
      ? path.resolve(args.values.root)
      : fileURLToPath(new URL('../content', import.meta.url));

  const started = performance.now();
  const runner = await NodePyodideRunner.start();
  const loaded = performance.now();
  try {
    const report = await verifyContent({
      rootDir,
      runner,
      ...(only ? { only } : {}),
      writePictures: args.values['write-pictures'],
      report: (text) => console.log(text),
    });
    const seconds = (ms: number): string => (ms / 1000).toFixed(1);
    const finished = performance.now();
    console.log(
      `${report.counts.runs} Python runs in ${seconds(finished - loaded)} s ` +
        `(+ ${seconds(loaded - started)} s to start Pyodide)` +
        (only ? `; only module${only.length === 1 ? '' : 's'} ${only.join(', ')}` : ''),
    );
    console.log(report.summary);
    console.log(`\n${formatFigures(report.figures)}`);
    if (report.projects.length > 0) console.log(`\n${formatProjectFigures(report.projects)}`);
    console.log(`\n${formatSyllabus(report.syllabus)}`);
    return report.ok ? 0 : 1;
  } finally {
    await runner.close();
  }
}

process.exitCode = await main();

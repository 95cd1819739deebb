/*
 * npm run admin -- <command> [options]   (npm run admin -- --help lists the commands)
 * The seller's command line, against the database DATABASE_URL names. Exit status: 0 done, 2 bad
 * input (one line on stderr, nothing changed), 1 anything else.
 */

import { writeFile } from 'node:fs/promises';
import { EnvError } from '#server/env.ts';
import { runAdminFromEnv } from '#server/admin.ts';

try {
  process.exitCode = await runAdminFromEnv(process.argv.slice(2), {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
  });
} catch (err) {
  console.error(err instanceof EnvError ? err.message : `admin: ${String(err)}`);
  process.exitCode = 1;
}

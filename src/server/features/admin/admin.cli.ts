import { parseArgs } from 'node:util';
import { createAccessChanges, parseDays, parseReason } from './admin.changes.ts';
import { codesCommand } from './admin.codes.ts';
import { AdminInputError } from './admin.errors.ts';
import { listLearners, showLearner } from './admin.learners.ts';
import { listMail } from './admin.mail.ts';
import { eraseLearner, exportLearner } from './admin.privacy.ts';
import type { AdminDeps } from './admin.ports.ts';
import { auditText, ordersCsv, questions, report } from './admin.report.ts';

export const ADMIN_HELP = `Usage: npm run admin -- <command> [options]

Runs the course as a business, against the database DATABASE_URL names (SQLite or PostgreSQL).
Every change is written to the audit table in the same transaction as the change itself.

Learners
  learners [--search TEXT]              learners whose name or e-mail contains TEXT (all without)
  show EMAIL                            a learner's account, orders, access dates and progress

Access (each needs --reason, kept in the audit)
  grant EMAIL --days N --reason TEXT    complimentary access from now for N days (no money)
  extend EMAIL --days N --reason TEXT   move the end of a running access N days later
  revoke EMAIL --reason TEXT            end a learner's access now, without a refund
  refund EMAIL --reason TEXT            refund the latest paid order in full through the payments
                                        driver; access ends as on a refund webhook (with Stripe,
                                        when its charge.refunded event arrives)

Promotion codes (decision 0036; with Stripe, made there too)
  codes create CODE (--percent N | --amount-off DOLLARS) [--max N] [--expires YYYY-MM-DD]
               [--reason TEXT]          a code taking N% (1-99) or DOLLARS off the price, for at
                                        most N paid orders, working through that day (UTC)
  codes list                            every code: discount, uses, remaining, expiry, status,
                                        revenue of its paid orders
  codes end CODE [--reason TEXT]        stop a code now; checkouts refuse it from then on

Personal data (decision 0027)
  export EMAIL                          everything held about the learner as one JSON document
                                        (npm run --silent admin -- export EMAIL > file.json)
  erase EMAIL --reason TEXT [--withdraw-certificate]
                                        erase the learner's data now, in one transaction; orders
                                        stay 7 years with no name or e-mail, the public
                                        certificate stays unless withdrawn

Figures
  report [--html FILE]                  sales per month, active learners, the completion funnel per
                                        module, quiz pass rates; --html writes one self-contained
                                        page with inline SVG charts (no script, no outside address)
  questions [--quiz SLUG]               the 20 hardest questions: answered, share right, the most
                                        chosen wrong answer
  export orders --csv                   every order as CSV, for the accountant (redirect it with
                                        npm run --silent admin -- export orders --csv > orders.csv)
  audit                                 every change made with this command

Mail
  mail [--status STATUS] [--email EMAIL]
                                        the outbox, newest first: when queued, kind, to, status,
                                        tries, when sent, last error; STATUS is failed, pending,
                                        sending, sent or canceled; EMAIL the address, any case
                                        (finished mails are kept 90 days)

Backups (SQLite; for PostgreSQL use pg_dump and pg_restore, see docs/operations.md)
  backup FILE                           copies the live database to FILE with SQLite's online
                                        backup while the server keeps serving, then checks the copy
                                        (PRAGMA integrity_check)
  restore FILE                          puts the backup FILE in place of the database, keeping the
                                        old one beside it; refused while a server runs on it

Bad input (an unknown or already erased e-mail, a code that exists, is unknown or already ended, days that are not a whole number from 1 to 3650, revoking someone
without access, refunding an order already refunded, an unknown mail status) prints one line and
exits with status 2, having changed nothing.
`;

/** Where the command writes: the terminal, and a file for report --html. */
export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
  writeFile(path: string, text: string): Promise<void>;
}

const OPTIONS = {
  search: { type: 'string' },
  days: { type: 'string' },
  reason: { type: 'string' },
  html: { type: 'string' },
  quiz: { type: 'string' },
  csv: { type: 'boolean' },
  'withdraw-certificate': { type: 'boolean' },
  status: { type: 'string' },
  email: { type: 'string' },
  percent: { type: 'string' },
  'amount-off': { type: 'string' },
  max: { type: 'string' },
  expires: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which options each command takes, and how many words follow the command. */
const COMMANDS: Record<
  string,
  { options: readonly (keyof typeof OPTIONS)[]; words: number | readonly [number, number] }
> = {
  learners: { options: ['search'], words: 0 },
  show: { options: [], words: 1 },
  grant: { options: ['days', 'reason'], words: 1 },
  extend: { options: ['days', 'reason'], words: 1 },
  revoke: { options: ['reason'], words: 1 },
  refund: { options: ['reason'], words: 1 },
  report: { options: ['html'], words: 0 },
  questions: { options: ['quiz'], words: 0 },
  export: { options: ['csv'], words: 1 },
  erase: { options: ['reason', 'withdraw-certificate'], words: 1 },
  audit: { options: [], words: 0 },
  mail: { options: ['status', 'email'], words: 0 },
  // `codes list`, `codes create CODE`, `codes end CODE`: admin.codes.ts checks which is which.
  codes: { options: ['percent', 'amount-off', 'max', 'expires', 'reason'], words: [1, 2] },
};

type Parsed = ReturnType<typeof parse>;

const VALUE_OPTIONS = new Set(
  Object.entries(OPTIONS)
    .filter(([, option]) => option.type === 'string')
    .map(([name]) => `--${name}`),
);

/**
 * `--days -3` as `--days=-3`: parseArgs would take a value starting with a dash for a forgotten
 * value, and the seller should hear that -3 days is not a number of days, not a lesson in quoting.
 */
function joinValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = argv[i + 1];
    if (VALUE_OPTIONS.has(arg) && value !== undefined) {
      joined.push(`${arg}=${value}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function parse(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinValues(argv),
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new AdminInputError(
      `${err instanceof Error ? err.message.split('\n')[0] : String(err)} (see --help).`,
    );
  }
  const [command, ...words] = parsed.positionals;
  const values = parsed.values;
  if (values.help || command === undefined || command === 'help') return { help: true as const };
  const spec = COMMANDS[command];
  if (!spec) throw new AdminInputError(`Unknown command "${command}" (see --help).`);
  const given = Object.keys(values) as (keyof typeof OPTIONS)[];
  const stray = given.find((name) => !spec.options.includes(name));
  if (stray) throw new AdminInputError(`${command} does not take --${stray} (see --help).`);
  const [fewest, most] = typeof spec.words === 'number' ? [spec.words, spec.words] : spec.words;
  if (words.length < fewest || words.length > most) {
    const wanted =
      most === 0
        ? 'nothing'
        : fewest !== most
          ? `${fewest} to ${most} words`
          : most === 1
            ? 'one word'
            : `${most} words`;
    throw new AdminInputError(
      `${command} takes ${wanted} after it, not "${words.join(' ')}" (see --help).`,
    );
  }
  return { help: false as const, command, word: words[0], words, values };
}

/** Runs one command; answers the exit status (0 done, 2 bad input, 1 anything else). */
export async function runAdmin(
  argv: readonly string[],
  deps: AdminDeps,
  io: AdminIo,
): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed.help) {
      io.out(ADMIN_HELP);
      return 0;
    }
    io.out(await dispatch(parsed, deps, io));
    return 0;
  } catch (err) {
    if (err instanceof AdminInputError) {
      io.err(err.message);
      return 2;
    }
    io.err(`admin: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

async function dispatch(
  parsed: Exclude<Parsed, { help: true }>,
  deps: AdminDeps,
  io: AdminIo,
): Promise<string> {
  const { command, word, words, values } = parsed;
  const changes = createAccessChanges(deps);
  switch (command) {
    case 'learners':
      return listLearners(deps, values.search);
    case 'show':
      return showLearner(deps, word);
    case 'grant':
      return (await changes.grant(word, parseDays(values.days), parseReason(values.reason)))
        .message;
    case 'extend':
      return (await changes.extend(word, parseDays(values.days), parseReason(values.reason)))
        .message;
    case 'revoke':
      return (await changes.revoke(word, parseReason(values.reason))).message;
    case 'refund':
      return (await changes.refund(word, parseReason(values.reason))).message;
    case 'report':
      return reportCommand(deps, io, values.html);
    case 'questions':
      return (await questions(deps, values.quiz)).text;
    case 'export':
      return exportCommand(deps, word, values.csv === true);
    case 'erase':
      return eraseLearner(deps, word, {
        reason: values.reason,
        withdrawCertificate: values['withdraw-certificate'] === true,
      });
    case 'codes':
      return codesCommand(deps, words, values);
    case 'mail':
      return listMail(deps, { status: values.status, email: values.email });
    default:
      return auditText(deps);
  }
}

/** `export orders --csv` for the accountant, or `export EMAIL` for a learner's data. */
function exportCommand(deps: AdminDeps, word: string | undefined, csv: boolean): Promise<string> {
  if (word === 'orders' && csv) return ordersCsv(deps);
  if (word?.includes('@') && !csv) return exportLearner(deps, word);
  throw new AdminInputError('Use "export orders --csv" or "export EMAIL" (see --help).');
}

async function reportCommand(
  deps: AdminDeps,
  io: AdminIo,
  htmlFile: string | undefined,
): Promise<string> {
  if (htmlFile !== undefined && htmlFile.trim() === '') {
    throw new AdminInputError('--html needs a file name to write the page to.');
  }
  const made = await report(deps);
  if (htmlFile === undefined) return made.text;
  await io.writeFile(htmlFile, made.html);
  return `Wrote ${htmlFile} (${Buffer.byteLength(made.html)} bytes).`;
}

import type { MailStatus } from '../../db/schema.ts';
import { AdminInputError } from './admin.errors.ts';
import type { AdminDeps, OutgoingMail } from './admin.ports.ts';
import { minute, table } from './admin.text.ts';

/** The most mails one listing prints; --status and --email narrow it down. */
export const MAILS_SHOWN = 200;

/** Every status a mail can have (decision 0012), in the order a seller most often asks for. */
export const MAIL_STATUSES = [
  'failed',
  'pending',
  'sending',
  'sent',
  'canceled',
] as const satisfies readonly MailStatus[];

function parseStatus(value: string | undefined): MailStatus | undefined {
  if (value === undefined) return undefined;
  const status = MAIL_STATUSES.find((s) => s === value.trim().toLowerCase());
  if (!status) {
    throw new AdminInputError(
      `--status must be one of ${MAIL_STATUSES.join(', ')}, not "${value}".`,
    );
  }
  return status;
}

function parseEmail(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new AdminInputError('--email needs an address to look for.');
  return value.trim();
}

/** An SMTP reply can run over several lines; a listing keeps one mail to one line. */
const oneLine = (text: string | null): string => (text ? text.replace(/\s+/g, ' ').trim() : '-');

function row(mail: OutgoingMail): string[] {
  return [
    minute(mail.created_at),
    mail.kind,
    mail.to_address,
    mail.status,
    String(mail.attempts),
    mail.sent_at ? minute(mail.sent_at) : '-',
    oneLine(mail.last_error),
  ];
}

/** How many of each status the listing holds: "3 mails: 1 failed, 2 sent." */
function summary(mails: readonly OutgoingMail[]): string {
  const counts = MAIL_STATUSES.map((s) => [s, mails.filter((m) => m.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`);
  return `${mails.length} mail${mails.length === 1 ? '' : 's'}: ${counts.join(', ')}.`;
}

/**
 * `mail [--status STATUS] [--email EMAIL]`: the outbox, newest first, so a seller can see what was
 * sent to a learner and find a mail that failed for good (decision 0012) without the logs.
 */
export async function listMail(
  deps: AdminDeps,
  options: { status?: string; email?: string },
): Promise<string> {
  const status = parseStatus(options.status);
  const email = parseEmail(options.email);
  const found = await deps.mail.list({ status, email, limit: MAILS_SHOWN + 1 });
  if (found.length === 0) {
    return status || email ? 'No mail matches.' : 'The outbox is empty.';
  }
  const shown = found.slice(0, MAILS_SHOWN);
  const headers = ['Queued (UTC)', 'Kind', 'To', 'Status', 'Tries', 'Sent (UTC)', 'Last error'];
  const more =
    found.length > MAILS_SHOWN
      ? `\nOnly the newest ${MAILS_SHOWN}: narrow with --status or --email.`
      : '';
  return `${table(headers, shown.map(row))}\n${summary(shown)}${more}`;
}

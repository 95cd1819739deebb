import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One mail as a driver sends it. `id` is the outbox row's id. */
export interface OutgoingMail {
  id: string;
  userId: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID: the same on every try, so a receiver can recognise a repeat of one mail. */
  messageId: string;
}

/** A mail driver, picked by the settings like sign-in and payments are. */
export interface MailTransport {
  kind: 'smtp' | 'dev';
  /** Resolves once the receiving server (or the folder) has the mail; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
}

/**
 * SMTP through nodemailer. Port 465 is TLS from the start; other ports upgrade with STARTTLS when
 * offered. The timeouts are short because the outbox retries: a stuck server delays mail, and a
 * hung connection must not hold a sender's claim for minutes.
 */
export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(message(mail));
    },
    close: () => transporter.close(),
  };
}

/** What a mail server said when it refused for good (5xx): trying again would not help. */
export function isPermanentFailure(err: unknown): boolean {
  const code =
    typeof err === 'object' && err !== null && 'responseCode' in err ? err.responseCode : undefined;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
  };
}

/** What the development folder holds beside each .eml, for the development mail page. */
export interface StoredMail {
  id: string;
  userId: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/**
 * The development driver: each mail becomes a real message file (`<id>.eml`, built by nodemailer as
 * SMTP would send it, openable in any mail program) and a small JSON twin the development mail page
 * lists, so the whole flow can be seen offline.
 */
export function createFolderTransport(dir: string, now: () => Date): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'dev',
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const info = await composer.sendMail(message(mail));
      await writeFile(join(dir, `${mail.id}.eml`), info.message);
      const stored: StoredMail = {
        id: mail.id,
        userId: mail.userId,
        kind: mail.kind,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        sentAt: now().toISOString(),
      };
      // Written whole, then renamed, so the page never reads half a file.
      const partial = join(dir, `${mail.id}.json.partial`);
      await writeFile(partial, JSON.stringify(stored));
      await rename(partial, join(dir, `${mail.id}.json`));
    },
    close: () => composer.close(),
  };
}

/** The development folder's mails, newest first: one person's, or everyone's for `null`. */
export async function readFolder(dir: string, userId: string | null): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail),
  );
  return mails
    .filter((mail) => userId === null || mail.userId === userId)
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || a.id.localeCompare(b.id));
}

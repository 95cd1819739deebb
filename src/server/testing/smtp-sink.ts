import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
  raw: string;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) for mail tests: nodemailer talks SMTP to
 * it exactly as it would to a provider. It can refuse chosen recipients, temporarily (4xx) or for good
 * (5xx), and can be stopped and started again on the same port to play a server that is down.
 */
export async function startSmtpSink(options: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  const refuse = new Map<string, number>();

  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS certificate to trust, no sign-in to configure.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (!code) return callback();
      const err = Object.assign(new Error(`Mailbox ${address.address} refused by the test`), {
        responseCode: code,
      });
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header(raw, 'message-id'),
          subject: header(raw, 'subject'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    received,
    /** Refuse mail to this address with this SMTP code (451: try later; 550: never). */
    refuse(address: string, code: number) {
      refuse.set(address.toLowerCase(), code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A port nothing listens on (for a mail server that is down), found by opening and closing one. */
export async function closedPort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  // Folded header lines continue with whitespace.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { DevMail, DevMailListReply } from '#shared/api/mail.schema.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { CardPage } from '#client/components/ui/card-page.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { api, ApiError } from '#client/lib/api.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import styles from './dev-mail-page.module.css';

const KIND_NAMES: Record<string, string> = {
  receipt: 'Receipt and welcome',
  reminder: 'Reminder: access ends in 14 days',
  access_ended: 'Access has ended',
};

/** 'November 25, 2026, 3:52 AM' in the reader's own time zone. */
function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

/**
 * The development mail driver's inbox: the mails this server wrote for the signed-in person (no
 * SMTP settings, never in production), so the receipt and reminders can be read offline. Refreshes
 * every two seconds, as the server's sender delivers every two seconds.
 */
export function DevMailPage() {
  usePageTitle('Development mail');
  const { user, ready } = useAuth();
  const location = useLocation();
  const mails = useQuery({
    queryKey: ['dev-mail'],
    queryFn: ({ signal }) => api<DevMailListReply>('/api/dev-mail', { signal }),
    enabled: Boolean(user),
    refetchInterval: 2_000,
    retry: false,
  });

  if (ready && !user) return <Navigate to="/login" replace state={{ from: location }} />;

  return (
    <CardPage labelledBy="dev-mail-title">
      <p className={styles.badge}>Development only</p>
      <h1 id="dev-mail-title" className={styles.title}>
        Development mail
      </h1>
      <p className={styles.lead}>
        No mail server is configured, so each mail this server sends is written to its mail folder
        instead and shown here. You see the mails addressed to you.
      </p>
      {mails.error ? (
        <Alert tone="error">
          <p>
            {mails.error instanceof ApiError && mails.error.status === 404
              ? 'This server sends real mail through SMTP, so there is no development mailbox.'
              : 'The mailbox could not be loaded. Please reload the page.'}
          </p>
        </Alert>
      ) : !mails.data ? (
        <PageLoader label="Loading your mail" />
      ) : mails.data.mails.length === 0 ? (
        <p role="status">No mail yet. A receipt arrives here a few seconds after a purchase.</p>
      ) : (
        <ol className={styles.list} aria-label="Your mail, newest first">
          {mails.data.mails.map((mail) => (
            <MailItem key={mail.id} mail={mail} />
          ))}
        </ol>
      )}
    </CardPage>
  );
}

function MailItem({ mail }: { mail: DevMail }) {
  const [showHtml, setShowHtml] = useState(false);
  return (
    <li className={styles.mail}>
      <article aria-labelledby={`mail-${mail.id}`}>
        <h2 id={`mail-${mail.id}`} className={styles.subject}>
          {mail.subject}
        </h2>
        <dl className={styles.meta}>
          <dt>Kind</dt>
          <dd>{KIND_NAMES[mail.kind] ?? mail.kind}</dd>
          <dt>To</dt>
          <dd>{mail.to}</dd>
          <dt>From</dt>
          <dd>{mail.from}</dd>
          <dt>Sent</dt>
          <dd>{when(mail.sentAt)}</dd>
        </dl>
        <pre className={styles.text}>{mail.text}</pre>
        <details onToggle={(e) => setShowHtml(e.currentTarget.open)}>
          <summary>HTML version</summary>
          {showHtml ? (
            // An empty sandbox: the mail's HTML runs no script and cannot reach this page.
            <iframe
              className={styles.html}
              title={`HTML version of “${mail.subject}”`}
              sandbox=""
              srcDoc={mail.html}
            />
          ) : null}
        </details>
      </article>
    </li>
  );
}

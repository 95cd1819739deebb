import { Link } from 'react-router';
import { buttonClass, Button } from '#client/components/ui/button.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { EXPORT_PATH, useEndOtherSessions, useOtherSessions } from './account-data-api.ts';
import { DeleteAccountForm } from './delete-account-form.tsx';
import styles from './account-data.module.css';

/**
 * Issue 37: the learner's own data, below the access card. Download it, sign out elsewhere, delete
 * the account; each says what it does before it is pressed.
 */
export function AccountDataSection() {
  return (
    <section className={styles.card} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.title}>
        Your data
      </h2>
      <p>
        What Indent keeps about you is yours: take a copy, sign out of your other devices, or delete
        your account. The <Link to="/privacy">privacy policy</Link> says what we keep and for how
        long.
      </p>
      <DownloadPart />
      <SessionsPart />
      <DeleteAccountForm />
    </section>
  );
}

function DownloadPart() {
  return (
    <div className={styles.part}>
      <h3>Download my data</h3>
      <p>
        One JSON file with your profile, orders, quiz answers, saved code and its earlier versions,
        review queue, study days, certificates and the e-mails we sent you. A README at its top
        explains each part.
      </p>
      {/* The server names the file (content-disposition); no script is needed to save it. */}
      <a href={EXPORT_PATH} download className={buttonClass({ variant: 'secondary' })}>
        Download my data
      </a>
    </div>
  );
}

const sessionsText = (n: number) =>
  n === 0
    ? 'You are not signed in anywhere else.'
    : `You are also signed in on ${n} other ${n === 1 ? 'device or browser' : 'devices or browsers'}.`;

function SessionsPart() {
  const sessions = useOtherSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.others;
  return (
    <div className={styles.part}>
      <h3>Sign out everywhere else</h3>
      <p aria-live="polite">
        {others !== undefined
          ? sessionsText(others)
          : sessions.isError
            ? 'We could not count your other sessions just now.'
            : 'Counting your other sessions…'}
      </p>
      <Button
        variant="secondary"
        busy={endOthers.isPending}
        unavailable={others === undefined || others === 0}
        onClick={() => endOthers.mutate()}
      >
        Sign out everywhere else
      </Button>
      {endOthers.isSuccess ? (
        <Alert tone="success">
          <p>
            Signed out of {endOthers.data.others} other{' '}
            {endOthers.data.others === 1 ? 'session' : 'sessions'}. You are now signed in only here.
          </p>
        </Alert>
      ) : endOthers.isError ? (
        <Alert tone="error">
          <p>{endOthers.error.message}</p>
        </Alert>
      ) : null}
    </div>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { OwnCertificate } from '#shared/api/certificates.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { ApiError } from '#client/lib/api.ts';
import type { NavState } from '#client/lib/location-state.ts';
import { useDeleteAccount, useHeldCertificate } from './account-data-api.ts';
import styles from './account-data.module.css';

type CertificateChoice = 'keep' | 'withdraw';

/**
 * Deleting the account (decision 0027): what goes now and what the law keeps, the e-mail typed to
 * confirm, the certificate's fate when there is one. On success the server has ended every session,
 * so the client forgets the user exactly as a sign-out does and takes the learner home.
 */
export function DeleteAccountForm() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const certificate = useHeldCertificate();
  const remove = useDeleteAccount();
  const [email, setEmail] = useState('');
  const [choice, setChoice] = useState<CertificateChoice>('keep');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const error = missing ? 'Type your e-mail address to confirm.' : failure(remove.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setMissing(false);
    remove.mutate(
      { email: typed, certificate: certificate.data ? choice : 'keep' },
      {
        onSuccess: async () => {
          // Home first: on this page the route guard would send a signed-out visitor to /login.
          const state: NavState = { notice: 'account-deleted' };
          await navigate('/', { replace: true, state });
          await logout();
        },
        onError: () => input.current?.focus(),
      },
    );
  };

  return (
    <div className={styles.part}>
      <h3>Delete my account</h3>
      <WhatDeletionDoes />
      <form className={styles.form} onSubmit={submit} noValidate>
        {certificate.data ? (
          <CertificateChoiceFields
            certificate={certificate.data}
            choice={choice}
            onChange={setChoice}
          />
        ) : null}
        <label htmlFor={inputId} className={styles.label}>
          Type your e-mail address to confirm
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.input}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div>
          <p id={hintId} className={styles.muted}>
            The address you sign in with, in any case.
          </p>
          <div aria-live="assertive">
            {error ? (
              <p id={errorId} className={styles.error}>
                {error}
              </p>
            ) : null}
          </div>
        </div>
        <Button type="submit" className={styles.danger} busy={remove.isPending}>
          Delete my account
        </Button>
      </form>
    </div>
  );
}

/** The server's own words for a refusal (a wrong e-mail: 400), else a general one. */
function failure(error: Error | null): string | null {
  if (!error) return null;
  return error instanceof ApiError
    ? error.message
    : 'Your account could not be deleted. Please try again.';
}

/** Says plainly what goes now and what the law makes us keep (what the owners of decision 0027 do). */
function WhatDeletionDoes() {
  return (
    <>
      <p>
        This happens at once and cannot be undone. Your access to the course ends, and you are
        signed out on every device.
      </p>
      <p>
        <strong>Deleted now:</strong> your name, e-mail address and picture, your quiz answers and
        scores, your saved code and its earlier versions, your lesson progress, review queue, study
        days and goal, and our copies of the e-mails we sent you.
      </p>
      <p>
        <strong>Kept, because the law requires it:</strong> your order records, for 7 years after
        each purchase for tax and accounting, with no name or e-mail address on them (and any note
        of a change we made to your access by hand, likewise without them). We send one last e-mail
        to confirm the deletion; our copy of it is deleted 90 days after it is sent.
      </p>
    </>
  );
}

function CertificateChoiceFields(props: {
  certificate: OwnCertificate;
  choice: CertificateChoice;
  onChange(choice: CertificateChoice): void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend>Your public certificate</legend>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={props.choice === 'keep'}
          onChange={() => props.onChange('keep')}
        />
        <span>
          Keep it public: its page goes on showing {props.certificate.name}, so links you shared
          keep working.
        </span>
      </label>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={props.choice === 'withdraw'}
          onChange={() => props.onChange('withdraw')}
        />
        <span>Withdraw it: its page will say it was withdrawn, without your name.</span>
      </label>
    </fieldset>
  );
}

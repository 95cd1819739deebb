import { useId, useState, type FormEvent } from 'react';
import {
  CERTIFICATE_PASS_PERCENT,
  MAX_CERTIFICATE_NAME,
  type CertificateStatus,
  type OwnCertificate,
} from '#shared/api/certificates.schema.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api.ts';
import {
  useCertificateStatus,
  useIssueCertificate,
  useWithdrawCertificate,
} from './certificates-api.ts';
import { CertificateView } from './certificate-view.tsx';
import styles from './certificate.module.css';

/**
 * The dashboard's certificate section: how far the learner is, then (once every exercise is solved
 * as checked by the server and every quiz is passed) the name to print, a preview of exactly what
 * will be public, and the button that issues it; afterwards its address and a way to withdraw it.
 */
export function CertificatePanel() {
  const status = useCertificateStatus();
  if (!status.data) return null;
  const data = status.data;
  return (
    <section className={styles.panel} aria-labelledby="certificate-heading">
      <h2 id="certificate-heading" className={styles.panelTitle}>
        Certificate of completion
      </h2>
      {data.certificate ? (
        <Held certificate={data.certificate} />
      ) : data.eligible ? (
        <IssueForm status={data} />
      ) : (
        <Remaining status={data} />
      )}
    </section>
  );
}

function Remaining({ status }: { status: CertificateStatus }) {
  return (
    <>
      <p>
        Solve every exercise (Check must pass), reach {CERTIFICATE_PASS_PERCENT}% or more in every
        quiz and build the projects (every step&apos;s Check must pass), and you can issue a
        certificate with a public address to show employers.
      </p>
      <p className={styles.counts}>
        Exercises solved: {status.exercises.verified} of {status.exercises.total}. Quizzes passed:{' '}
        {status.quizzes.passed} of {status.quizzes.total}.
        {status.projects.total > 0
          ? ` Projects built: ${status.projects.done} of ${status.projects.total}.`
          : ''}
      </p>
      {status.exercises.missing.length +
        status.quizzes.missing.length +
        status.projects.missing.length >
      0 ? (
        <details className={styles.missing}>
          <summary>What is left</summary>
          <ul>
            {status.exercises.missing.map((exercise) => (
              <li key={exercise.id}>
                Module {exercise.module} exercise: {exercise.title}
              </li>
            ))}
            {status.projects.missing.map((project) => (
              <li key={project.slug}>
                Project: {project.title} ({project.stepsDone} of {project.steps} steps)
              </li>
            ))}
            {status.quizzes.missing.map((quiz) => (
              <li key={quiz.title}>
                Quiz: {quiz.title}{' '}
                {quiz.bestScore === null ? '(not taken yet)' : `(best so far ${quiz.bestScore}%)`}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function IssueForm({ status }: { status: CertificateStatus }) {
  const [name, setName] = useState(status.defaultName);
  const issue = useIssueCertificate();
  const inputId = useId();
  const hintId = useId();
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) issue.mutate(trimmed);
  };
  return (
    <form onSubmit={submit} className={styles.form}>
      <p>You have completed the course. Choose the name to print on your certificate.</p>
      <label htmlFor={inputId} className={styles.label}>
        Name on the certificate
      </label>
      <input
        id={inputId}
        className={styles.input}
        value={name}
        maxLength={MAX_CERTIFICATE_NAME}
        required
        aria-describedby={hintId}
        onChange={(event) => setName(event.target.value)}
      />
      <p id={hintId} className={styles.hint}>
        Below is exactly what anyone with the certificate&apos;s address will see: this name, the
        course, today&apos;s date and the modules. Nothing else about you (no e-mail, no scores).
        You can withdraw it at any time.
      </p>
      <section className={styles.preview} aria-label="Preview of the public certificate">
        <CertificateView
          name={trimmed || 'Your name'}
          course={status.course}
          issuedFor={status.issuedFor}
          issuedAt={new Date().toISOString()}
          modules={status.modules}
        />
      </section>
      {issue.isError ? (
        <Alert tone="error">
          <p>
            {issue.error instanceof ApiError
              ? issue.error.message
              : 'The certificate could not be issued. Please try again.'}
          </p>
        </Alert>
      ) : null}
      <Button type="submit" busy={issue.isPending} unavailable={!trimmed}>
        Issue my certificate
      </Button>
    </form>
  );
}

function Held({ certificate }: { certificate: OwnCertificate }) {
  const withdraw = useWithdrawCertificate();
  const [confirming, setConfirming] = useState(false);
  const path = new URL(certificate.url).pathname;
  return (
    <>
      <p>
        Your certificate in the name of <strong>{certificate.name}</strong> is public at{' '}
        <a href={path}>{certificate.url}</a>. Share that address, print it, or add it to LinkedIn
        from its page.
      </p>
      {confirming ? (
        <Alert tone="info" live={false}>
          <p>
            Withdraw it? Its address will then say it was withdrawn and no longer show your name.
          </p>
          <div className={styles.actionsInline}>
            <Button
              variant="secondary"
              busy={withdraw.isPending}
              onClick={() => withdraw.mutate(certificate.id)}
            >
              Yes, withdraw it
            </Button>
            <Button variant="quiet" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </Alert>
      ) : (
        <Button variant="quiet" onClick={() => setConfirming(true)}>
          Withdraw my certificate
        </Button>
      )}
      {withdraw.isError ? (
        <Alert tone="error">
          <p>The certificate could not be withdrawn. Please try again.</p>
        </Alert>
      ) : null}
    </>
  );
}

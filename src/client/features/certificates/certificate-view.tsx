import {
  CERTIFICATE_PASS_PERCENT,
  type CertificateIssuedFor,
} from '#shared/api/certificates.schema.ts';
import { site } from '#shared/site.ts';
import styles from './certificate.module.css';

export interface CertificateViewProps {
  name: string;
  course: string;
  issuedAt: string;
  modules: readonly { number: number; title: string }[];
  /** What it was issued for (a certificate from before projects has `projects: null`). */
  issuedFor: CertificateIssuedFor;
  /** The certificate's address, printed at the bottom; left out in a preview. */
  url?: string;
}

export function formatIssueDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The certificate itself: what the public page shows and prints, and the preview before issuing. */
export function CertificateView({
  name,
  course,
  issuedAt,
  modules,
  issuedFor,
  url,
}: CertificateViewProps) {
  const projects = issuedFor.projects;
  return (
    <article className={styles.sheet} aria-label="Certificate of completion">
      <p className={styles.brand}>{site.productName}</p>
      <p className={styles.kicker}>Certificate of completion</p>
      <p className={styles.lead}>This certifies that</p>
      <p className={styles.name}>{name}</p>
      <p className={styles.lead}>completed the course</p>
      <p className={styles.course}>{course}</p>
      <p className={styles.date}>
        on <time dateTime={issuedAt}>{formatIssueDate(issuedAt)}</time>
      </p>
      <h2 className={styles.modulesTitle}>The {modules.length} modules</h2>
      <ol className={styles.modules}>
        {modules.map((module) => (
          <li key={module.number}>{module.title}</li>
        ))}
      </ol>
      {projects && projects.length > 0 ? (
        <>
          <h2 className={styles.modulesTitle}>
            The {projects.length === 1 ? 'program' : `${projects.length} programs`} built
          </h2>
          <ul className={styles.projects}>
            {projects.map((project) => (
              <li key={project.title}>
                <strong>{project.title}</strong>: {project.summary}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={styles.verified}>
        <span aria-hidden="true">✓ </span>Verified by the server: every exercise
        {projects && projects.length > 0 ? ' and every step of each program' : ''} was checked by{' '}
        {site.productName}&apos;s server, and every quiz was passed at {CERTIFICATE_PASS_PERCENT}%
        or more.
        {projects === null
          ? ' Issued for every exercise and every quiz of the course, before it had projects.'
          : ''}
      </p>
      {url ? <p className={styles.url}>{url}</p> : null}
    </article>
  );
}

import { useParams } from 'react-router';
import type { PublicCertificate } from '#shared/api/certificates.schema.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { Page } from '#client/components/ui/page.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { usePublicCertificate } from './certificates-api.ts';
import { CertificateView, formatIssueDate } from './certificate-view.tsx';
import styles from './certificate.module.css';

/** /certificates/{id}: public, no sign-in. The server writes the same title and tags into the HTML. */
export function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = usePublicCertificate(id);
  return (
    <Page>
      <div className={styles.page}>
        {certificate.isPending ? (
          <PageLoader label="Loading the certificate" />
        ) : certificate.isError ? (
          <Alert tone="error">
            <p>We could not load this certificate. Please check your connection.</p>
            <Button variant="quiet" onClick={() => void certificate.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : certificate.data === null ? (
          <NotFound />
        ) : (
          <Loaded certificate={certificate.data} />
        )}
      </div>
    </Page>
  );
}

function NotFound() {
  usePageTitle('Certificate not found');
  return (
    <>
      <h1>Certificate not found</h1>
      <p>There is no certificate at this address. Check that the whole address was copied.</p>
    </>
  );
}

function Loaded({ certificate }: { certificate: PublicCertificate }) {
  const valid = certificate.state === 'valid' && certificate.name !== null;
  usePageTitle(
    valid ? `${certificate.name}: certificate of completion` : `Certificate ${certificate.state}`,
    valid
      ? `${certificate.name} completed ${certificate.course} on ${formatIssueDate(certificate.issuedAt)}.`
      : `This certificate of completion was ${certificate.state} and is no longer valid.`,
  );
  if (!valid) {
    return (
      <Alert tone="info" live={false}>
        <h1 className={styles.noticeTitle}>
          This certificate was {certificate.state === 'revoked' ? 'revoked' : 'withdrawn'}
        </h1>
        <p>
          {certificate.state === 'revoked'
            ? 'We revoked this certificate of completion: it is no longer valid.'
            : 'Its holder withdrew this certificate of completion: it is no longer valid, and it no longer shows their name.'}
        </p>
      </Alert>
    );
  }
  return (
    <>
      <h1 className={styles.visuallyHidden}>Certificate of completion: {certificate.name}</h1>
      <CertificateView
        name={certificate.name ?? ''}
        course={certificate.course}
        issuedAt={certificate.issuedAt}
        modules={certificate.modules}
        issuedFor={certificate.issuedFor}
        url={certificate.url}
      />
      <div className={styles.actions}>
        <Button onClick={() => window.print()}>Print or save as PDF</Button>
        <a
          className={styles.linkedIn}
          href={certificate.linkedInUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Add to LinkedIn
        </a>
      </div>
    </>
  );
}

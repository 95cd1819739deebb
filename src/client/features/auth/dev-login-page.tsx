import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { devSignInReplySchema } from '#shared/api/user.schema.ts';
import { CardPage } from '#client/components/ui/card-page.tsx';
import { api, ApiError, type Reply } from '#client/lib/api.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import styles from './login-page.module.css';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';

/**
 * The development stand-in for Google's consent screen. It exists only when no Google client is
 * configured (never in production) and is labelled as such.
 */
export function DevLoginPage() {
  usePageTitle('Development sign-in');
  const [params] = useSearchParams();
  const state = params.get('state') ?? '';
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const emailId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { redirect } = await api<Reply<typeof devSignInReplySchema>>('/api/dev-login', {
        method: 'POST',
        body: { state, name, email },
      });
      window.location.assign(redirect);
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <CardPage labelledBy="dev-title" width="narrow">
      <p className={styles.badge}>Development only</p>
      <h1 id="dev-title" className={styles.title}>
        Development sign-in
      </h1>
      <p className={styles.lead}>
        Google sign-in is not configured on this server, so this local page stands in for it. Type
        any name and e-mail to continue; the same e-mail always signs in as the same person.
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <label htmlFor={emailId}>E-mail</label>
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button
          type="submit"
          size="lg"
          className={styles.submit}
          disabled={busy || !state}
          aria-busy={busy}
        >
          {busy ? 'Signing in…' : 'Continue'}
        </Button>
      </form>
      {!state ? (
        <Alert tone="error">
          <p>
            This page needs a sign-in attempt. Start again from <a href="/login">Log In</a>.
          </p>
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      ) : null}
    </CardPage>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { exchangeCodeReplySchema, startSignInReplySchema } from '#shared/api/user.schema.ts';
import { CardPage } from '#client/components/ui/card-page.tsx';
import { api, ApiError, type Reply } from '#client/lib/api.ts';
import { fromPath, readNavState } from '#client/lib/location-state.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { useAuth } from './auth-context.tsx';
import styles from './login-page.module.css';
import { Alert } from '#client/components/ui/alert.tsx';

export function LoginPage() {
  usePageTitle('Log In');
  const { user, ready, login } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const nav = readNavState(location.state);
  const code = params.get('code');
  const state = params.get('state');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exchanged = useRef(false);

  // Back from the provider: trade the code for a session, then go where the person was heading.
  useEffect(() => {
    if (!code || !state || exchanged.current) return;
    exchanged.current = true;
    api<Reply<typeof exchangeCodeReplySchema>>('/api/exchange-code', {
      method: 'POST',
      body: { code, state },
    })
      .then((result) => {
        login(result.user);
        if (result.action === 'subscribe')
          void navigate('/pricing', { replace: true, state: { action: 'subscribe' } });
        else void navigate(result.returnTo ?? '/', { replace: true });
      })
      .catch((err: unknown) => {
        log.error('Code exchange failed', err);
        setError(
          err instanceof ApiError ? err.message : 'Sign-in did not complete. Please try again.',
        );
        void navigate('/login', { replace: true, state: location.state });
      });
  }, [code, state, login, navigate, location.state]);

  if (ready && user && !code) return <Navigate to={fromPath(nav) ?? '/'} replace />;

  // `ready` is false while hydrating, so the first render matches the pre-rendered page exactly.
  const exchanging = ready && Boolean(code) && !error;
  const returnTo = fromPath(nav);
  const busy = starting || exchanging;

  async function continueWithGoogle() {
    setStarting(true);
    setError(null);
    try {
      const { url } = await api<Reply<typeof startSignInReplySchema>>('/api/auth/start', {
        method: 'POST',
        body: { returnTo: returnTo ?? undefined, action: nav.action },
      });
      window.location.assign(url);
    } catch (err) {
      log.error('Sign-in failed to start', err);
      setStarting(false);
      setError(
        err instanceof ApiError ? err.message : 'Sign-in could not start. Please try again.',
      );
    }
  }

  return (
    <CardPage labelledBy="login-title" width="narrow">
      <h1 id="login-title" className={styles.title}>
        Log in or Sign Up
      </h1>
      <p className={styles.lead}>
        Use your Google account. New here? Signing in creates your account.
      </p>
      <GoogleSignInForm
        returnTo={returnTo}
        action={nav.action}
        busy={busy}
        onContinue={() => void continueWithGoogle()}
      />
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      ) : null}
      <p className={styles.small}>
        By continuing you agree to our <a href="/terms-and-conditions">Terms and Conditions</a> and{' '}
        <a href="/privacy">Privacy Policy</a>. You must be 18 or older.
      </p>
    </CardPage>
  );
}

interface GoogleSignInFormProps {
  returnTo: string | null;
  action: 'subscribe' | undefined;
  busy: boolean;
  onContinue: () => void;
}

/**
 * A real form, so the button also works before the page's script has loaded (the page is
 * pre-rendered) and without JavaScript; once loaded, the script takes over the submit.
 */
function GoogleSignInForm({ returnTo, action, busy, onContinue }: GoogleSignInFormProps) {
  return (
    <form
      method="post"
      action="/api/auth/start"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      {action ? <input type="hidden" name="action" value={action} /> : null}
      <button type="submit" className={styles.google} disabled={busy} aria-busy={busy}>
        <GoogleMark />
        <span>{busy ? 'Signing you in…' : 'Continue with Google'}</span>
      </button>
    </form>
  );
}

function GoogleMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

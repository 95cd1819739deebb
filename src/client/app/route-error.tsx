import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import styles from './route-error.module.css';

/** The router's fallback error page; its heading is the one SPEC 2 names. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className={styles.page}>
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page. Reloading usually helps.</p>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}

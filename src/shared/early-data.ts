/*
 * Course pages without a request waterfall (issue 24, decision 0021). The dashboard, a lesson and a
 * quiz are rendered by the app in the browser, so their data used to be requested only after the
 * app's scripts had arrived and run. The app shell's one other inline script (allowed by its hash in
 * the Content-Security-Policy, like the theme's boot script) starts those requests while the HTML is
 * still being read; the app's `api()` then takes each answer instead of asking again
 * (src/client/lib/early-data.ts).
 *
 * Only a stored subscriber's pages are asked for: anyone else is sent elsewhere by the route guard,
 * and the server answers every request from the session cookie as always, so an early request can
 * never show anyone more than a late one would.
 */

/**
 * The requests each course page makes as soon as it renders, by the page's path. `{user}` is the
 * stored user's id, `{segment}` the path's last segment as written, and `{title}` that segment read
 * as a quiz's URL title (hyphens back to spaces, SPEC 5), each URL-encoded the way the app does.
 */
export const EARLY_REQUESTS: readonly { path: RegExp; requests: readonly string[] }[] = [
  {
    path: /^\/dashboard$/,
    requests: [
      '/api/modules',
      '/api/progress',
      '/api/user/{user}/quiz-scores',
      '/api/user/{user}/review',
      '/api/user/{user}/rhythm',
    ],
  },
  {
    path: /^\/dashboard\/lessons\/(module(?:[1-9]|1[0-5]))$/,
    requests: ['/api/lessons/{segment}', '/api/exercise-progress'],
  },
  { path: /^\/dashboard\/quiz\/([^/]+)$/, requests: ['/api/quiz-by-title/{title}'] },
];

/**
 * The URLs the inline script below asks for at `pathname` for the stored user `userId`, as that
 * script works them out (src/shared/early-data.test.ts holds the two to each other). The server uses
 * it for a page it draws itself (decision 0023), whose requests start after the first paint.
 */
export function earlyRequestsFor(pathname: string, userId: string): string[] {
  const path = pathname.replace(/\/+$/, '');
  for (const entry of EARLY_REQUESTS) {
    const match = entry.path.exec(path);
    if (!match) continue;
    const segment = match[1] ?? '';
    return entry.requests.map((url) =>
      url
        .replace('{user}', () => encodeURIComponent(userId))
        .replace('{segment}', () => segment)
        .replace('{title}', () =>
          encodeURIComponent(decodeURIComponent(segment).replace(/-/g, ' ')),
        ),
    );
  }
  return [];
}

/** The name of the page-global Map of answers the script starts: a Response promise per URL. */
export const EARLY_DATA_GLOBAL = '__indentEarly';

/**
 * The inline script. Plain ES2015 with nothing of ours to import, because it runs before any module.
 * Each fetch is sent exactly as `api()` sends a GET, and marked handled, so a failed request the app
 * never takes does not surface as an unhandled rejection (the app sees the failure if it takes it).
 */
export const EARLY_DATA_SCRIPT = `(function(t){try{var u=JSON.parse(localStorage.getItem('user')||'null');if(!u||!u._id||!u.stripeSubscriptionId)return;var p=location.pathname.replace(/\\/+$/,''),e=new Map();t.forEach(function(r){var m=new RegExp(r[0]).exec(p);if(!m)return;r[1].forEach(function(x){var url=x.replace('{user}',function(){return encodeURIComponent(u._id)}).replace('{segment}',function(){return m[1]}).replace('{title}',function(){return encodeURIComponent(decodeURIComponent(m[1]).replace(/-/g,' '))});var f=fetch(url,{credentials:'same-origin',headers:{accept:'application/json'}});f.catch(function(){});e.set(url,f)})});window.${EARLY_DATA_GLOBAL}=e}catch(x){}})(${JSON.stringify(
  EARLY_REQUESTS.map((entry) => [entry.path.source, entry.requests]),
)})`;

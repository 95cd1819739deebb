import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { readStoredUser } from '#shared/api/stored-user.ts';
import type { ApiUser } from '#shared/api/user.schema.ts';
import { api, ApiError } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { pageIsBeingLeft } from '#client/lib/page-leaving.ts';

/** SPEC 3: the user is kept whole in localStorage under 'user' (a display cache, never a credential). */
export const USER_STORAGE_KEY = 'user';

interface AuthValue {
  /** The signed-in user, or null. */
  user: ApiUser | null;
  /** False until the stored user has been read after hydration; guards wait for it. */
  ready: boolean;
  login(user: ApiUser): void;
  logout(): Promise<void>;
  /** Re-fetches the user (after a purchase, for example); resolves with the fresh user. */
  refresh(): Promise<ApiUser | null>;
}

const AuthContext = createContext<AuthValue | null>(null);

/** Fired in this tab when the stored user changes ('storage' events only reach other tabs). */
const USER_CHANGED = 'indent:user-changed';

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(USER_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(USER_CHANGED, onChange);
  };
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): ApiUser | null {
  if (!raw) return null;
  try {
    return readStoredUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Stores the signed-in user (or that nobody is). Only a valid user is stored; `null` is only ever
 * passed for a sign-out. While the page is being left nothing changes: what fails then says nothing
 * about who is signed in (issue 40, decision 0024).
 */
function storeUser(user: ApiUser | null) {
  if (pageIsBeingLeft()) return;
  const valid = user === null ? null : readStoredUser(user);
  if (user !== null && !valid) {
    log.error('Refused to store a user that is not a valid user', user);
    return;
  }
  try {
    if (valid) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(valid));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch (err) {
    log.warn('Could not save the user in local storage', err);
  }
  window.dispatchEvent(new Event(USER_CHANGED));
}

/**
 * Before the app starts on a page the server drew for a learner (decision 0023): whether the person
 * stored on this device is the one it was drawn for. If so, the server's copy of them (`drawnFor`,
 * as fresh as the re-fetch on start would make it) is stored, and true is returned.
 */
export function adoptDrawnUser(drawnFor: string): boolean {
  const drawn = parseUser(drawnFor);
  const stored = parseUser(readRaw());
  if (!drawn || !stored || drawn.googleId !== stored.googleId) return false;
  try {
    // The very string, not storeUser's re-serialization: hydration compares it with the server's.
    localStorage.setItem(USER_STORAGE_KEY, drawnFor);
  } catch {
    return false;
  }
  return true;
}

const noSubscription = () => () => undefined;

export function AuthProvider({
  children,
  drawnFor,
}: {
  children: ReactNode;
  /**
   * The stored user (as JSON) a page was drawn for on the server: a subscriber's lesson (decision
   * 0023). The server render and the hydration both see this user, and the guards are ready at once.
   * Absent for pages drawn for nobody.
   */
  drawnFor?: string;
}) {
  // Pre-rendered HTML is built without a user (server snapshot null), so hydration matches it and the
  // stored user appears right after. `ready` turns true once we are past hydration in the browser.
  const raw = useSyncExternalStore(subscribe, readRaw, () => drawnFor ?? null);
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => drawnFor !== undefined,
  );
  const user = useMemo(() => parseUser(raw), [raw]);

  const login = useCallback((next: ApiUser) => storeUser(next), []);
  const clear = useCallback(() => storeUser(null), []);

  const fetchUser = useCallback(
    async (googleId: string): Promise<ApiUser | null> => {
      try {
        const fresh = readStoredUser(
          await api<unknown>(`/api/user/${encodeURIComponent(googleId)}`),
        );
        // SPEC 4: on failure the stored user is left unchanged; an answer that is not this
        // person is a failure, never "nobody".
        if (!fresh || fresh.googleId !== googleId) {
          log.error('Error fetching and updating user data', new Error('Not a valid user'));
          return parseUser(readRaw());
        }
        login(fresh);
        return fresh;
      } catch (err) {
        // The server no longer knows this session: the person is signed out everywhere.
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
          clear();
          return null;
        }
        if (!(err instanceof DOMException && err.name === 'AbortError')) {
          log.error('Error fetching and updating user data', err);
        }
        return parseUser(readRaw());
      }
    },
    [clear, login],
  );

  // SPEC 4: on start, a stored user is re-fetched and replaced by the server's answer.
  useEffect(() => {
    const stored = parseUser(readRaw());
    if (stored) void fetchUser(stored.googleId);
  }, [fetchUser]);

  const logout = useCallback(async () => {
    try {
      await api<{ ok: true }>('/api/logout', { method: 'POST' });
    } catch (err) {
      log.error('Logout failed', err);
    }
    clear();
  }, [clear]);

  const refresh = useCallback(async () => {
    const current = user ?? parseUser(readRaw());
    return current ? fetchUser(current.googleId) : null;
  }, [fetchUser, user]);

  const value = useMemo(
    () => ({ user, ready, login, logout, refresh }),
    [user, ready, login, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}

/** Whether the user counts as a paying subscriber (SPEC 3). */
export function isSubscriber(user: ApiUser | null): boolean {
  return Boolean(user?.stripeSubscriptionId);
}

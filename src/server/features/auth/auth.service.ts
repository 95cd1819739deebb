import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SignInAction } from '#shared/api/user.schema.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, notFound, unavailable } from '../../platform/errors.ts';
import type { AuthRequestRow, AuthRequestsRepo } from './auth-requests.repo.ts';
import { IdentityError, type IdentityProvider } from './identity.ts';
import type { UsersRepo } from './users.repo.ts';

/** How long a person may take at the provider before the sign-in attempt expires. */
const SIGN_IN_TTL_MS = 10 * 60 * 1000;

const expiredMessage =
  'This sign-in has expired or was already used. Please press "Continue with Google" again.';

interface AuthServiceDeps {
  identity: IdentityProvider;
  users: UsersRepo;
  authRequests: AuthRequestsRepo;
  clock: Clock;
  /** The page the provider sends the browser back to. */
  redirectUri: string;
  /** Told after each finished sign-in (the metrics count them). */
  onSignedIn?: ((provider: IdentityProvider['kind']) => void) | undefined;
}

export function createAuthService(deps: AuthServiceDeps) {
  return {
    /** Starts a sign-in: remembers PKCE verifier, nonce, origin and action with a fresh state. */
    async start(input: { returnTo?: string | undefined; action?: SignInAction | undefined }) {
      const now = deps.clock.now();
      await deps.authRequests.deleteExpired(now.toISOString());
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await deps.authRequests.insert({
        state,
        code_verifier: codeVerifier,
        nonce,
        return_to: input.returnTo ?? null,
        action: input.action ?? null,
        dev_code: null,
        dev_profile: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SIGN_IN_TTL_MS).toISOString(),
      });
      const url = await providerUrl(deps, { state, nonce, codeVerifier });
      return { url, state };
    },

    /** The development provider's "consent": records who typed in and issues a one-time code. */
    async devAuthorize(input: { state: string; name: string; email: string }): Promise<string> {
      if (deps.identity.kind !== 'dev')
        throw notFound('Development sign-in is not enabled on this server.');
      const request = await deps.authRequests.find(input.state);
      if (!request || request.expires_at <= deps.clock.now().toISOString())
        throw badRequest(expiredMessage, 'bad_state');
      const code = randomBytes(24).toString('base64url');
      const updated = await deps.authRequests.setDevCode(
        input.state,
        code,
        JSON.stringify({ name: input.name, email: input.email }),
      );
      if (updated !== 1) throw badRequest(expiredMessage, 'bad_state');
      return `/login?code=${encodeURIComponent(code)}&state=${encodeURIComponent(input.state)}`;
    },

    /**
     * Finishes a sign-in. The state must match the one this browser started (its cookie), must be
     * live, and is consumed before the code is used, so a code can never be replayed.
     */
    async exchange(input: { code: string; state: string; browserState: string | undefined }) {
      if (!input.browserState || input.browserState !== input.state) {
        throw badRequest(
          'This sign-in was started in another browser or tab. Please sign in again from here.',
          'bad_state',
        );
      }
      const request = await deps.authRequests.find(input.state);
      if (!request || request.expires_at <= deps.clock.now().toISOString())
        throw badRequest(expiredMessage, 'bad_state');
      if (!(await deps.authRequests.consume(input.state)))
        throw badRequest(expiredMessage, 'bad_state');

      const profile = await providerProfile(deps, input.code, request);
      const user: UserRow = await deps.users.upsertFromProfile(
        profile,
        deps.clock.now().toISOString(),
      );
      deps.onSignedIn?.(deps.identity.kind);
      return {
        user,
        returnTo: request.return_to,
        action: request.action === 'subscribe' ? ('subscribe' as const) : null,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The provider's sign-in address for an attempt we have just remembered. */
async function providerUrl(
  deps: AuthServiceDeps,
  attempt: { state: string; nonce: string; codeVerifier: string },
): Promise<string> {
  try {
    return await deps.identity.authorizationUrl({
      state: attempt.state,
      nonce: attempt.nonce,
      codeChallenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
      redirectUri: deps.redirectUri,
    });
  } catch (err) {
    if (err instanceof IdentityError)
      throw unavailable('Google sign-in is not reachable right now. Please try again in a minute.');
    throw err;
  }
}

/** Trades the provider's one-time code (for a consumed sign-in attempt) for the person's profile. */
async function providerProfile(deps: AuthServiceDeps, code: string, request: AuthRequestRow) {
  try {
    return await deps.identity.exchangeCode({ code, request, redirectUri: deps.redirectUri });
  } catch (err) {
    if (err instanceof IdentityError) {
      throw new AppError(400, 'sign_in_failed', 'Sign-in did not complete. Please try again.');
    }
    throw err;
  }
}

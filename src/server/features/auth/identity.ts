import type { AuthRequestRow } from './auth-requests.repo.ts';

/** Who the identity provider says signed in. `subject` is the provider's stable id (SPEC's googleId). */
export interface IdentityProfile {
  subject: string;
  name: string;
  email: string;
  picture: string | null;
}

/**
 * The outside identity provider behind a tiny interface, with two drivers: `google` (OpenID Connect)
 * and `dev` (a local sign-in page, refused in production). Everything after the provider, from the
 * code exchange on, is the same code for both.
 */
export interface IdentityProvider {
  readonly kind: 'google' | 'dev';
  /** Where to send the browser to sign in. */
  authorizationUrl(params: {
    state: string;
    nonce: string;
    codeChallenge: string;
    redirectUri: string;
  }): Promise<string>;
  /** Trades the code the provider returned for the verified profile; throws IdentityError if anything is off. */
  exchangeCode(params: {
    code: string;
    request: AuthRequestRow;
    redirectUri: string;
  }): Promise<IdentityProfile>;
}

export class IdentityError extends Error {
  override readonly name = 'IdentityError';
}

import * as oidc from 'openid-client';
import { IdentityError, type IdentityProfile, type IdentityProvider } from './identity.ts';

export interface GoogleIdentityOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Only tests point the issuer at a local http server; production issuers are https. */
  allowInsecureIssuer?: boolean;
}

/** OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client 6). */
export function createGoogleIdentity(options: GoogleIdentityOptions): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | null = null;

  const discover = () => {
    configuration ??= oidc
      .discovery(
        new URL(options.issuer),
        options.clientId,
        options.clientSecret,
        undefined,
        options.allowInsecureIssuer ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        // Forget the failure so the next sign-in tries discovery again.
        configuration = null;
        throw new IdentityError(
          `Could not reach the sign-in provider: ${err instanceof Error ? err.message : String(err)}`,
        );
      });
    return configuration;
  };

  return {
    kind: 'google',
    async authorizationUrl({ state, nonce, codeChallenge, redirectUri }) {
      const config = await discover();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid profile email',
          response_type: 'code',
          state,
          nonce,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
          prompt: 'select_account',
        })
        .toString();
    },
    async exchangeCode({ code, request, redirectUri }): Promise<IdentityProfile> {
      const config = await discover();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', request.state);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: request.code_verifier,
          expectedState: request.state,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        throw new IdentityError(
          `The sign-in provider rejected the code: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      if (!claims?.sub) throw new IdentityError('The sign-in provider sent no user id.');
      const email = typeof claims.email === 'string' ? claims.email : '';
      if (!email) throw new IdentityError('The sign-in provider sent no e-mail address.');
      const name =
        typeof claims.name === 'string' && claims.name.trim()
          ? claims.name.trim()
          : (email.split('@')[0] ?? email);
      const picture = typeof claims.picture === 'string' ? claims.picture : null;
      return { subject: claims.sub, name, email, picture };
    },
  };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { IdentityError, type IdentityProfile, type IdentityProvider } from './identity.ts';

const devProfileSchema = z.object({ name: z.string(), email: z.string() });

/**
 * Development sign-in: the "provider" is our own /dev-login page, which records the typed name and
 * e-mail with the sign-in attempt and issues a one-time code. Used only without Google settings and
 * never in production (env.ts refuses that).
 */
export function createDevIdentity(): IdentityProvider {
  return {
    kind: 'dev',
    authorizationUrl({ state }) {
      return Promise.resolve(`/dev-login?state=${encodeURIComponent(state)}`);
    },
    exchangeCode({ code, request }): Promise<IdentityProfile> {
      const expected = request.dev_code;
      if (!expected || !request.dev_profile || !sameSecret(code, expected)) {
        return Promise.reject(new IdentityError('The development sign-in code is not valid.'));
      }
      const profile = devProfileSchema.parse(JSON.parse(request.dev_profile));
      return Promise.resolve({
        subject: devSubject(profile.email),
        name: profile.name,
        email: profile.email,
        picture: null,
      });
    },
  };
}

/** The same e-mail always signs in as the same development user. */
export function devSubject(email: string): string {
  return `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

import { z } from 'zod';
import { QUIZ_PASS_MARK } from '../quiz-rules.ts';
import { site } from '../site.ts';

/**
 * Certificates of completion (issue 21). A subscriber who has every exercise solved as checked by
 * the server and every quiz's best score at 70% or more issues one, with the name they choose. Its
 * page, /certificates/{id}, is public: anyone with the address sees the name, the course, the date
 * and the modules, and nothing else about the learner.
 */

/** The lowest best score (percent) that counts a quiz as passed for the certificate. */
export const CERTIFICATE_PASS_PERCENT = QUIZ_PASS_MARK;

/** The course named on every certificate. */
export const CERTIFICATE_COURSE = `${site.planName}: Python`;

/** 16 random bytes in base64url: 22 characters, 128 bits nobody can guess. */
export const certificateIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'must be a certificate id (22 letters, digits, - or _)');

export const certificateParamsSchema = z.object({ id: certificateIdSchema });

/** Longest printed name: long enough for any real full name, short enough for one line. */
export const MAX_CERTIFICATE_NAME = 80;

export const issueCertificateBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'is empty: type the name to print on the certificate')
    .max(MAX_CERTIFICATE_NAME, `must be at most ${MAX_CERTIFICATE_NAME} characters`)
    // Control characters would print as boxes or break the page's title and tags.
    .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters such as tabs or line breaks'),
});
export type IssueCertificateBody = z.infer<typeof issueCertificateBodySchema>;

export const certificateStateSchema = z.enum(['valid', 'withdrawn', 'revoked']);
export type CertificateState = z.infer<typeof certificateStateSchema>;

/**
 * What a certificate was issued for, kept with it when it is issued (migration 0012): the numbers of
 * exercises and quizzes, and each project with its one line on what the program does. Certificates
 * issued before projects (issue 33) have `projects: null`: they were issued for every exercise and
 * quiz of the course then, and stay valid.
 */
export const certificateIssuedForSchema = z.object({
  exercises: z.number().int().nullable(),
  quizzes: z.number().int().nullable(),
  projects: z.array(z.object({ title: z.string(), summary: z.string() })).nullable(),
});
export type CertificateIssuedFor = z.infer<typeof certificateIssuedForSchema>;

/** What the public page shows: exactly what the learner chose to make public, and no more. */
export const publicCertificateSchema = z.object({
  id: z.string(),
  state: certificateStateSchema,
  /** The printed name; null once withdrawn or revoked. */
  name: z.string().nullable(),
  course: z.string(),
  issuedAt: z.string(),
  modules: z.array(z.object({ number: z.number().int(), title: z.string() })),
  issuedFor: certificateIssuedForSchema,
  /** Every exercise was checked by the server, not only by the learner's browser. */
  verifiedByServer: z.literal(true),
  /** The public address of the certificate. */
  url: z.string(),
  /** LinkedIn's add-to-profile address, filled in with this certificate. */
  linkedInUrl: z.string(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** The learner's own certificate as the dashboard shows it. */
export const ownCertificateSchema = z.object({
  id: z.string(),
  state: certificateStateSchema,
  name: z.string(),
  issuedAt: z.string(),
  url: z.string(),
});
export type OwnCertificate = z.infer<typeof ownCertificateSchema>;

/** GET /api/certificates/me: how far the learner is from a certificate, and the one they hold. */
export const certificateStatusSchema = z.object({
  eligible: z.boolean(),
  exercises: z.object({
    verified: z.number().int(),
    total: z.number().int(),
    /** Exercises not yet solved as checked by the server, in course order. */
    missing: z.array(z.object({ id: z.string(), module: z.number().int(), title: z.string() })),
  }),
  quizzes: z.object({
    passed: z.number().int(),
    total: z.number().int(),
    /** Quizzes whose best score is below the pass mark (null: never taken). */
    missing: z.array(z.object({ title: z.string(), bestScore: z.number().nullable() })),
  }),
  projects: z.object({
    done: z.number().int(),
    total: z.number().int(),
    /** Projects with a step not yet solved as checked by the server, by number. */
    missing: z.array(
      z.object({
        slug: z.string(),
        title: z.string(),
        stepsDone: z.number().int(),
        steps: z.number().int(),
      }),
    ),
  }),
  /** What a certificate issued now is issued for (the preview shows it). */
  issuedFor: certificateIssuedForSchema,
  /** The name to offer: the account's name. */
  defaultName: z.string(),
  /** The learner's current certificate (not withdrawn or revoked), if any. */
  certificate: ownCertificateSchema.nullable(),
  course: z.string(),
  modules: z.array(z.object({ number: z.number().int(), title: z.string() })),
});
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/** LinkedIn's documented "Add to profile" address for a certification. */
export function linkedInAddUrl(input: {
  id: string;
  url: string;
  course: string;
  issuedAt: string;
}): string {
  const issued = new Date(input.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: input.course,
    organizationName: site.productName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.url,
    certId: input.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

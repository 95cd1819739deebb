import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_COURSE,
  CERTIFICATE_PASS_PERCENT,
  certificateIssuedForSchema,
  linkedInAddUrl,
  type CertificateIssuedFor,
  type CertificateState,
  type CertificateStatus,
  type OwnCertificate,
  type PublicCertificate,
} from '#shared/api/certificates.schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { CertificateRow, CertificatesRepo } from './certificates.repo.ts';

/** The exercises whose solutions the server itself checked (progress's repo, wired in buildApp). */
export interface VerifiedExercises {
  verifiedExerciseIds(userId: string): Promise<string[]>;
}

/** Each quiz's best score in percent (quizzes' attempts repo, wired in buildApp). */
export interface QuizBestScores {
  bestScores(userId: string): Promise<{ quizId: string; bestScore: number }[]>;
}

/** What the certificate is for: the course as loaded from content/ at start-up. */
export interface CertifiedCourse {
  modules: readonly { number: number; title: string }[];
  exercises: readonly { id: string; module: number; title: string }[];
  quizzes: readonly { id: string; title: string }[];
  /** The projects (issue 33): each counts when every one of its steps is verified by the server. */
  projects: readonly { slug: string; title: string; summary: string; stepIds: readonly string[] }[];
}

/** 16 random bytes: 128 bits, far beyond guessing, 22 characters in an address. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

const alreadyHeld = () =>
  conflict(
    'You already hold a certificate. Withdraw it first if you want one with another name.',
    'certificate_exists',
  );

function stateOf(row: CertificateRow): CertificateState {
  if (row.revokedAt) return 'revoked';
  if (row.withdrawnAt) return 'withdrawn';
  return 'valid';
}

interface Deps {
  repo: CertificatesRepo;
  exercises: VerifiedExercises;
  quizzes: QuizBestScores;
  course: CertifiedCourse;
  clock: Clock;
  origin: string;
}

async function progressOf(deps: Deps, userId: string) {
  const [verified, bests] = await Promise.all([
    deps.exercises.verifiedExerciseIds(userId),
    deps.quizzes.bestScores(userId),
  ]);
  const solved = new Set(verified);
  const best = new Map(bests.map((b) => [b.quizId, b.bestScore]));
  const missingExercises = deps.course.exercises.filter((e) => !solved.has(e.id));
  const projects = deps.course.projects.map((p) => ({
    slug: p.slug,
    title: p.title,
    stepsDone: p.stepIds.filter((id) => solved.has(id)).length,
    steps: p.stepIds.length,
  }));
  const missingProjects = projects.filter((p) => p.stepsDone < p.steps);
  const missingQuizzes = deps.course.quizzes
    .filter((q) => (best.get(q.id) ?? -1) < CERTIFICATE_PASS_PERCENT)
    .map((q) => ({ title: q.title, bestScore: best.get(q.id) ?? null }));
  return {
    eligible:
      missingExercises.length === 0 && missingQuizzes.length === 0 && missingProjects.length === 0,
    exercises: {
      verified: deps.course.exercises.length - missingExercises.length,
      total: deps.course.exercises.length,
      missing: missingExercises.map((e) => ({ id: e.id, module: e.module, title: e.title })),
    },
    quizzes: {
      passed: deps.course.quizzes.length - missingQuizzes.length,
      total: deps.course.quizzes.length,
      missing: missingQuizzes,
    },
    projects: {
      done: projects.length - missingProjects.length,
      total: projects.length,
      missing: missingProjects,
    },
  };
}

/** What a certificate was issued for; one from before projects has no record and says so. */
function issuedFor(row: CertificateRow): CertificateIssuedFor {
  const before: CertificateIssuedFor = { exercises: null, quizzes: null, projects: null };
  if (row.issuedFor === null) return before;
  const parsed = certificateIssuedForSchema.safeParse(JSON.parse(row.issuedFor));
  return parsed.success ? parsed.data : before;
}

function toPublic(
  row: CertificateRow,
  url: string,
  modules: PublicCertificate['modules'],
): PublicCertificate {
  const state = stateOf(row);
  return {
    id: row.id,
    state,
    name: state === 'valid' ? row.name : null,
    course: CERTIFICATE_COURSE,
    issuedAt: row.issuedAt,
    modules,
    issuedFor: issuedFor(row),
    verifiedByServer: true,
    url,
    linkedInUrl: linkedInAddUrl({
      id: row.id,
      url,
      course: CERTIFICATE_COURSE,
      issuedAt: row.issuedAt,
    }),
  };
}

export function createCertificatesService(deps: Deps) {
  const urlOf = (id: string) => `${deps.origin}/certificates/${id}`;
  const own = (row: CertificateRow): OwnCertificate => ({
    id: row.id,
    state: stateOf(row),
    name: row.name,
    issuedAt: row.issuedAt,
    url: urlOf(row.id),
  });
  const modules = deps.course.modules.map((m) => ({ number: m.number, title: m.title }));
  const issuedForNow: CertificateIssuedFor = {
    exercises: deps.course.exercises.length,
    quizzes: deps.course.quizzes.length,
    projects: deps.course.projects.map((p) => ({ title: p.title, summary: p.summary })),
  };

  return {
    async status(user: { id: string; name: string }): Promise<CertificateStatus> {
      const [progress, current] = await Promise.all([
        progressOf(deps, user.id),
        deps.repo.current(user.id),
      ]);
      return {
        ...progress,
        issuedFor: issuedForNow,
        defaultName: user.name,
        certificate: current ? own(current) : null,
        course: CERTIFICATE_COURSE,
        modules,
      };
    },

    async issue(userId: string, name: string): Promise<OwnCertificate> {
      if (await deps.repo.current(userId)) throw alreadyHeld();
      const progress = await progressOf(deps, userId);
      if (!progress.eligible) {
        const left =
          progress.exercises.missing.length +
          progress.quizzes.missing.length +
          progress.projects.missing.length;
        throw new AppError(
          409,
          'not_complete',
          `The certificate needs every exercise solved and checked by the server, every quiz at ` +
            `${CERTIFICATE_PASS_PERCENT}% or more, and every project's steps checked by the server; ` +
            `${left} still to go. Your dashboard lists them.`,
        );
      }
      const row = {
        id: newCertificateId(),
        userId,
        name,
        issuedAt: deps.clock.now().toISOString(),
        issuedFor: JSON.stringify(issuedForNow),
      };
      if (!(await deps.repo.insert(row))) throw alreadyHeld();
      return own({ ...row, withdrawnAt: null, revokedAt: null });
    },

    async withdraw(userId: string, id: string): Promise<OwnCertificate> {
      const row = await deps.repo.find(id);
      if (!row) throw notFound('There is no certificate with this address.');
      if (row.userId !== userId) throw forbidden('This certificate is not yours.');
      await deps.repo.withdraw(id, deps.clock.now().toISOString());
      return own((await deps.repo.find(id)) ?? row);
    },

    /** The public page's data. A withdrawn or revoked certificate says so, without the name. */
    async publicView(id: string): Promise<PublicCertificate> {
      const row = await deps.repo.find(id);
      if (!row) throw notFound('There is no certificate with this address.');
      return toPublic(row, urlOf(row.id), modules);
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;

import type { CourseContent } from '../../content/course-content.ts';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import { NodePyodideRunner } from '../../python/pyodide-runner.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { createCodeHistoryRepo } from './code-history.repo.ts';
import { codeHistoryRoutes } from './code-history.routes.ts';
import { createCodeHistoryService } from './code-history.service.ts';
import type { Registry } from 'prom-client';
import {
  createExerciseCheckService,
  type SolvedExerciseRecorder,
} from './exercise-check.service.ts';
import { createExerciseChecker } from './exercise-checks.ts';
import { exerciseCheckMetrics } from './exercise-checks.metrics.ts';
import { createCheckRecordsRepo } from './exercise-checks.repo.ts';
import { createExerciseProgressRepo } from './exercise-progress.repo.ts';
import { exerciseProgressRoutes } from './exercise-progress.routes.ts';
import { createExerciseProgressService } from './exercise-progress.service.ts';
import { createProgressRepo } from './progress.repo.ts';
import { progressRoutes } from './progress.routes.ts';
import { projectsRoutes } from './projects.routes.ts';
import { createProgressService, type QuizAttemptsReader } from './progress.service.ts';

export interface ProgressFeature {
  /** Remembers that a subscriber opened a lesson. */
  recordLessonVisit(userId: string, moduleNumber: number): Promise<void>;
  /** The exercises whose solutions the server itself checked, for certificates. */
  verifiedExerciseIds(userId: string): Promise<string[]>;
}

const projectSteps = (content: CourseContent) => content.projects.flatMap((p) => p.steps);

/**
 * Server-side exercise checks (issue 21, decision 0019): a pool of sandboxed Pyodide processes,
 * started on the first claim, each run limited in time and memory. Closed with the app.
 */
function exerciseChecker(app: App, env: Env, content: CourseContent, metrics: Registry) {
  const runner = new NodePyodideRunner({
    size: env.PYTHON_CHECK_WORKERS,
    wasmMemoryMb: env.PYTHON_CHECK_MEMORY_MB,
    // The harness keeps output in Python memory; the JS side holds one reply at a time.
    jsHeapMb: 128 + env.PYTHON_CHECK_MEMORY_MB,
    timeoutMs: env.PYTHON_CHECK_TIMEOUT_MS,
  });
  app.addHook('onClose', async () => runner.close());
  // A project's step is checked exactly as an exercise is.
  const checks = new Map(
    [
      ...[...content.lessons.values()].flatMap((lesson) => lesson.exercises),
      ...projectSteps(content),
    ].map((exercise) => [exercise.id, exercise] as const),
  );
  return createExerciseChecker({
    runner,
    checks,
    timeoutMs: env.PYTHON_CHECK_TIMEOUT_MS,
    maxQueued: 20 * env.PYTHON_CHECK_WORKERS,
    metrics: exerciseCheckMetrics(metrics, runner),
  });
}

/**
 * A learner's progress: saved code and server-verified exercises, each Check's kept version, the
 * lessons opened, and the dashboard's summary of all of it.
 */
export async function registerProgress(
  app: App,
  deps: {
    db: Db;
    env: Env;
    clock: Clock;
    content: CourseContent;
    hooks: AccessHooks;
    studyDays: SolvedExerciseRecorder;
    quizzes: QuizAttemptsReader;
    /** The app's metrics registry (features/metrics). */
    metrics: Registry;
  },
): Promise<ProgressFeature> {
  const { db, clock, content, hooks } = deps;
  const courseExerciseIds = new Set([
    ...[...content.exerciseIds.values()].flat(),
    ...projectSteps(content).map((step) => step.id),
  ]);
  const isExercise = (id: string) => courseExerciseIds.has(id);
  const exerciseProgress = createExerciseProgressRepo(db);
  const checker = exerciseChecker(app, deps.env, content, deps.metrics);
  const progressService = createExerciseProgressService({
    repo: exerciseProgress,
    clock,
    isExercise,
  });
  const checks = createExerciseCheckService({
    checker,
    records: createCheckRecordsRepo(db),
    progress: progressService,
    clock,
    studyDays: deps.studyDays,
    log: app.log,
  });
  await app.register(exerciseProgressRoutes, { progress: progressService, checks, hooks });
  const history = createCodeHistoryService({ repo: createCodeHistoryRepo(db), isExercise });
  await app.register(codeHistoryRoutes, { history, hooks });
  const progressRepo = createProgressRepo(db);
  const progress = createProgressService({
    content,
    repo: progressRepo,
    attempts: deps.quizzes,
    clock,
  });
  await app.register(progressRoutes, { progress, hooks });
  await app.register(projectsRoutes, { content, repo: progressRepo, hooks });
  return {
    recordLessonVisit: (userId, moduleNumber) => progress.recordLessonVisit(userId, moduleNumber),
    verifiedExerciseIds: exerciseProgress.verifiedExerciseIds,
  };
}

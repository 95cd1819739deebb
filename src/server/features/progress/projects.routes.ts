import {
  projectListReplySchema,
  projectParamsSchema,
  projectReplySchema,
  type ProjectListReply,
} from '#shared/api/projects.schema.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import type { CourseContent } from '../../content/course-content.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { notFound } from '../../platform/errors.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { ProgressRepo } from './progress.repo.ts';

/** Each project with the steps of it the server's check has passed for this learner. */
export async function projectList(
  content: Pick<CourseContent, 'projects'>,
  repo: Pick<ProgressRepo, 'solvedExercises'>,
  userId: string,
): Promise<ProjectListReply> {
  const solved = new Set((await repo.solvedExercises(userId)).map((s) => s.exerciseId));
  return {
    projects: content.projects.map((project) => ({
      number: project.number,
      slug: project.slug,
      title: project.title,
      after: project.after,
      summary: project.summary,
      stepCount: project.steps.length,
      stepsSolved: project.steps.filter((step) => solved.has(step.id)).length,
    })),
  };
}

/**
 * The projects (issue 33): the dashboard's list with the learner's progress, and a project's page.
 * A step's code, Checks and versions go through the exercises' routes: its id is an exercise id.
 */
export const projectsRoutes: RoutesPlugin<{
  content: Pick<CourseContent, 'projects'>;
  repo: Pick<ProgressRepo, 'solvedExercises'>;
  hooks: AccessHooks;
}> = async (app, deps) => {
  const bySlug = new Map(deps.content.projects.map((p) => [p.slug, p]));
  const errors = { 401: errorReply, 403: errorReply };

  app.get(
    '/api/projects',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary: "The course's projects with the signed-in subscriber's steps solved",
        tags: ['progress'],
        response: { 200: projectListReplySchema, ...errors },
      },
    },
    async (request) => projectList(deps.content, deps.repo, request.user.id),
  );

  app.get(
    '/api/projects/:slug',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary: "A project's page: its introduction and its steps, each checked as an exercise",
        tags: ['progress'],
        params: projectParamsSchema,
        response: { 200: projectReplySchema, 400: errorReply, ...errors, 404: errorReply },
      },
    },
    async (request) => {
      const project = bySlug.get(request.params.slug);
      if (!project) throw notFound(`There is no project "${request.params.slug}" in the course.`);
      return project;
    },
  );
};

/*
 * The real course with the test project (projects/1-vote-counter/ beside this file) as its project 1,
 * for the server's tests of projects: the course's own projects are written in parallel and may not
 * be there yet, and the tests should not change when they are.
 */

import { fileURLToPath } from 'node:url';
import { loadContent } from '../content/content.loader.ts';
import { ContentError, type ReadContext } from '../content/content.types.ts';
import { prepareCourse, type CourseContent } from '../content/course-content.ts';
import { readProjects } from '../content/projects.reader.ts';

let withProject: Promise<CourseContent> | undefined;

async function load(): Promise<CourseContent> {
  const course = await loadContent('content');
  const ctx: ReadContext = { problems: [], locations: new WeakMap() };
  const here = fileURLToPath(new URL('.', import.meta.url));
  const [test] = await readProjects(here, (...parts) => parts.join('/'), ctx);
  if (ctx.problems.length > 0 || !test) throw new ContentError(ctx.problems);
  const projects = [test, ...course.projects.filter((p) => p.number !== test.number)];
  return prepareCourse({ ...course, projects });
}

/** Loaded once per test file, as testContent() is. */
export function testContentWithProject(): Promise<CourseContent> {
  withProject ??= load();
  return withProject;
}

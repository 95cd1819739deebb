/*
 * content/projects/N-slug/project.yaml (content/README.md, "Projects"): validated, and each step made
 * the exercise it is checked as. A step after the first has no starter of its own: it opens with the
 * learner's code of the step before, or that step's solution, which is therefore its `starter` here
 * (and the verifier proves it fails the step's check: there is something to do).
 */

import path from 'node:path';
import { PROJECT_AFTER, projectFileSchema } from '#shared/content/project-schema.ts';
import { listDir } from './content.files.ts';
import type { CourseExercise, CourseProject, ReadContext } from './content.types.ts';
import { readYaml } from './yaml.reader.ts';

/** Every project folder under content/projects, by number. */
export async function readProjects(
  rootDir: string,
  shown: (...parts: string[]) => string,
  ctx: ReadContext,
): Promise<CourseProject[]> {
  const projects: CourseProject[] = [];
  for (const entry of (await listDir(path.join(rootDir, 'projects'))) ?? []) {
    const file = shown('projects', entry.name, 'project.yaml');
    if (!entry.isDirectory || !/^[1-3]-/.test(entry.name)) {
      ctx.problems.push({
        file: shown('projects', entry.name),
        message: 'unexpected entry in content/projects',
        hint: 'each project is a folder N-slug (N = 1, 2 or 3) holding project.yaml',
      });
      continue;
    }
    const project = await readProject(rootDir, entry.name, file, ctx);
    if (project) projects.push(project);
  }
  checkUnique(projects, ctx);
  return projects.sort((a, b) => a.number - b.number);
}

async function readProject(
  rootDir: string,
  folder: string,
  file: string,
  ctx: ReadContext,
): Promise<CourseProject | undefined> {
  const yaml = await readYaml(
    path.join(rootDir, 'projects', folder, 'project.yaml'),
    file,
    projectFileSchema,
    ctx.problems,
  );
  if (!yaml) {
    ctx.problems.push({ file, message: 'is missing', hint: 'every project folder holds project.yaml' });
    return undefined;
  }
  const value = yaml.value;
  if (!value) return undefined;
  const problem = (at: (string | number)[], message: string, hint: string) =>
    ctx.problems.push({ file, line: yaml.lineOf(at), path: at.join('.'), message, hint });
  if (folder !== `${value.number}-${value.slug}`) {
    problem(['slug'], `the folder is ${folder}`, `name the folder ${value.number}-${value.slug}`);
  }
  const after = PROJECT_AFTER[value.number];
  if (value.after !== after) {
    problem(['after'], `project ${value.number} is recommended after module ${after}, not ${value.after}`, `write after: ${after}`);
  }
  const steps: CourseExercise[] = value.steps.map((step, index) => {
    const prefix = `p${value.number}-s${index + 1}-`;
    const at = ['steps', index];
    if (!step.id.startsWith(prefix)) {
      problem([...at, 'id'], `"${step.id}" does not start with ${prefix}`, `step ${index + 1} of project ${value.number} has an id starting ${prefix}`);
    }
    if (index === 0 && step.starter === undefined) {
      problem(at, 'the first step has no starter', 'give step 1 `starter: |`, the code the editor opens with');
    }
    if (index > 0 && step.starter !== undefined) {
      problem([...at, 'starter'], 'only the first step has a starter', 'remove it: this step opens with the learner’s code of the step before');
    }
    const { starter, ...rest } = step;
    const previous = value.steps[index - 1];
    const exercise: CourseExercise = { ...rest, starter: index === 0 ? (starter ?? '') : (previous?.solution ?? '') };
    ctx.locations.set(exercise, { file, line: yaml.lineOf(at) });
    return exercise;
  });
  const project: CourseProject = { ...value, folder, steps };
  ctx.locations.set(project, { file, line: 1 });
  return project;
}

function checkUnique(projects: readonly CourseProject[], ctx: ReadContext): void {
  const seen = new Map<string, CourseProject>();
  for (const project of projects) {
    for (const key of [`number ${project.number}`, `slug ${project.slug}`]) {
      const first = seen.get(key);
      if (first) {
        ctx.problems.push({
          file: ctx.locations.get(project)?.file ?? project.folder,
          message: `has the same ${key} as projects/${first.folder}`,
          hint: 'each project has a number and a slug of its own',
        });
      }
      seen.set(key, first ?? project);
    }
  }
}

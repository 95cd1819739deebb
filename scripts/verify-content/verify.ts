/*
 * The core of `npm run verify:content`: load content/ through the loader (schemas and cross-file
 * rules), then run every piece of Python the course shows or grades and judge it with the same
 * functions the browser uses. Kept apart from the command line so tests can call it on fixtures.
 */

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scanContent, formatProblem } from '#server/content/content.loader.ts';
import type { CourseExercise, CourseModule, ContentScan } from '#server/content/content.loader.ts';
import { fencedBlocks } from '#shared/content/fenced-blocks.ts';
import { wrongProgramsRule } from './exercise-rules.ts';
import { checkpointOptionsRule, giveAwayRule } from './lesson-rules.ts';
import { drawingOf, drawingProgram, pictureOptionsRule, picturesJson } from './picture-rules.ts';
import type { Drawing } from '#shared/content/drawing.ts';
import { PICTURES_FILE } from '#server/content/module.reader.ts';
import {
  DEFAULT_TIMEOUT_MS,
  exerciseCheckRuns,
  judgeBlock,
  judgeOutputQuestion,
  normalizeAnswer,
  realBlockOutput,
} from '#shared/content/python-checks.ts';
import type { PythonRunner, RunResult, Verdict } from '#shared/content/python-checks.ts';
import type { RuleFinding } from './rules.ts';
import { courseRules, moduleRules } from './content-rules.ts';
import { projectRules } from './project-rules.ts';
import { moduleFigures } from './figures.ts';
import { outputDiff } from './output-diff.ts';
import type { ModuleFigures } from './figures.ts';
import { projectFigures, type ProjectFigures } from './project-rules.ts';
import { readSyllabus, type SyllabusRow } from './syllabus.ts';

export interface VerifyOptions {
  /** The content/ folder. */
  readonly rootDir: string;
  readonly runner: PythonRunner;
  /** Only these module numbers. */
  readonly only?: readonly number[];
  readonly timeoutMs?: number;
  /** Write each module's pictures.json anew instead of failing where it is out of date. */
  readonly writePictures?: boolean;
  /** Called with each problem or failure as soon as it is known, already formatted. */
  readonly report?: (text: string) => void;
}

export interface VerifyFailure {
  readonly file: string;
  readonly line: number;
  /** What was run, e.g. `m03-e2-fizzbuzz solution` or `python block 7`. */
  readonly item: string;
  readonly message: string;
  /** The formatted report: `FAIL file:line item: message` and a short diff. */
  readonly text: string;
}

export interface VerifyCounts {
  readonly modules: number;
  readonly exercises: number;
  readonly projects: number;
  readonly projectSteps: number;
  readonly quizzes: number;
  readonly questions: number;
  /** Python blocks that were run (norun blocks are not counted). */
  readonly codeBlocks: number;
  /** Every Python execution, including starters, wrong entries and verified questions. */
  readonly runs: number;
}

export interface VerifyReport {
  /** Loader problems (schemas, counts, cross-file rules), formatted. */
  readonly problems: readonly string[];
  readonly failures: readonly VerifyFailure[];
  readonly counts: VerifyCounts;
  readonly ok: boolean;
  /** The summary line. */
  readonly summary: string;
  /** Per module, the figures the rules judge (printed as a table after the summary). */
  readonly figures: readonly ModuleFigures[];
  /** Per project, its figures (printed as a table after the modules'). */
  readonly projects: readonly ProjectFigures[];
  /** Each syllabus objective with the section that teaches it (content/objectives.yaml). */
  readonly syllabus: readonly SyllabusRow[];
}

export async function verifyContent(options: VerifyOptions): Promise<VerifyReport> {
  const report = options.report ?? (() => undefined);
  const scan = await scanContent(options.rootDir, options.only ? { only: options.only } : {});
  const problems = scan.problems.map(formatProblem);
  problems.forEach((p) => report(p));

  const failures: VerifyFailure[] = [];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let runs = 0;
  const run = async (request: Parameters<PythonRunner['run']>[0]): Promise<RunResult> => {
    runs++;
    return options.runner.run({ ...request, timeoutMs });
  };
  const record = (failure: VerifyFailure): void => {
    failures.push(failure);
    report(failure.text);
  };
  const fail: Fail = (file, line, item, verdict, note) => {
    record(runFailure(file, line, item, verdict, note));
  };
  const rule: Rule = (file, line, item, finding) => {
    record(ruleFailure(file, finding.line ?? line, item, finding));
  };

  const shownRoot = path.basename(path.resolve(options.rootDir));
  const refused = new Map<number, number>();
  for (const module of scan.course.modules) {
    const fileOf = (name: string): string => `${shownRoot}/modules/${module.folder}/${name}`;
    const pictures = await verifyLesson(module, fileOf, run, fail, rule, timeoutMs);
    const json = picturesJson(pictures);
    if (options.writePictures) {
      const file = path.join(options.rootDir, 'modules', module.folder, PICTURES_FILE);
      if (json !== '') await writeFile(file, json);
    } else if (json !== picturesJson(new Map(Object.entries(module.lesson.pictures)))) {
      rule(fileOf(PICTURES_FILE), 0, `module ${module.number} pictures`, {
        message: 'is not what the picture checkpoints draw',
        hint: 'npm run verify:content -- --write-pictures writes it anew',
      });
    }
    refused.set(
      module.number,
      await verifyExercises(
        module.exercises,
        fileOf('exercises.yaml'),
        scan,
        run,
        fail,
        rule,
        timeoutMs,
      ),
    );
    await verifyQuestions(module, fileOf, scan, run, fail, timeoutMs);
    moduleRules(module, fileOf, scan, rule);
  }
  courseRules(scan.course.modules, `${shownRoot}/modules`, rule);
  const projectsRefused = new Map<number, number>();
  for (const project of scan.course.projects) {
    const file = `${shownRoot}/projects/${project.folder}/project.yaml`;
    for (const finding of projectRules(project))
      rule(file, 0, `project ${project.number}`, finding);
    projectsRefused.set(
      project.number,
      await verifyExercises(project.steps, file, scan, run, fail, rule, timeoutMs, true),
    );
  }
  const syllabus = await readSyllabus(options.rootDir, scan.course.modules, options.only);
  for (const problem of syllabus.problems) {
    problems.push(formatProblem(problem));
    report(formatProblem(problem));
  }
  for (const finding of syllabus.findings) rule(syllabus.file, 0, 'syllabus', finding);

  const counts = countCourse(scan.course, runs);
  const total = problems.length + failures.length;
  const ok = total === 0;
  const summary =
    [
      count(counts.modules, 'module'),
      count(counts.exercises, 'exercise'),
      // A tree without projects (a module verified alone, a fixture) says nothing of them.
      ...(counts.projects > 0
        ? [`${count(counts.projects, 'project')} (${count(counts.projectSteps, 'step')})`]
        : []),
      count(counts.quizzes, 'quiz', 'quizzes'),
      count(counts.questions, 'question'),
      count(counts.codeBlocks, 'code block'),
    ].join(', ') + `: ${ok ? 'all verified' : count(total, 'problem')}`;
  const figures = scan.course.modules.map((m) => ({
    ...moduleFigures(m),
    refused: refused.get(m.number) ?? 0,
  }));
  const projects = scan.course.projects.map((p) => ({
    ...projectFigures(p),
    refused: projectsRefused.get(p.number) ?? 0,
  }));
  return { problems, failures, counts, ok, summary, figures, projects, syllabus: syllabus.rows };
}

function countCourse(course: ContentScan['course'], runs: number): VerifyCounts {
  const modules = course.modules;
  return {
    modules: modules.length,
    projects: course.projects.length,
    projectSteps: sum(course.projects.map((p) => p.steps.length)),
    exercises: sum(modules.map((m) => m.exercises.length)),
    quizzes: sum(modules.map((m) => m.quizzes.length)),
    questions: sum(modules.flatMap((m) => m.quizzes.map((q) => q.questions.length))),
    codeBlocks: sum(modules.map((m) => m.lesson.python.filter((b) => b.kind !== 'norun').length)),
    runs,
  };
}

function runFailure(
  file: string,
  line: number,
  item: string,
  verdict: Verdict,
  note?: string,
): VerifyFailure {
  const message = note ?? verdict.message;
  const head = `FAIL ${file}:${line} ${item}: ${message}`;
  const diff =
    verdict.expected !== undefined && verdict.actual !== undefined
      ? `\n${indent(`expected (-) vs got (+):\n${outputDiff(verdict.expected, verdict.actual)}`)}`
      : '';
  return { file, line, item, message, text: head + diff };
}

function ruleFailure(
  file: string,
  line: number,
  item: string,
  finding: RuleFinding,
): VerifyFailure {
  const at = line > 0 ? `${file}:${line}` : file;
  const hint = finding.hint ? ` (hint: ${finding.hint})` : '';
  return {
    file,
    line,
    item,
    message: finding.message,
    text: `FAIL ${at} ${item}: ${finding.message}${hint}`,
  };
}

type Run = (request: Parameters<PythonRunner['run']>[0]) => Promise<RunResult>;
type Fail = (file: string, line: number, item: string, verdict: Verdict, note?: string) => void;
/** Reports a rule finding as a failure. */
export type Rule = (file: string, line: number, item: string, finding: RuleFinding) => void;
export type FileOf = (name: string) => string;

async function verifyLesson(
  module: CourseModule,
  fileOf: FileOf,
  run: Run,
  fail: Fail,
  rule: Rule,
  timeoutMs: number,
): Promise<Map<string, Drawing>> {
  const file = fileOf('lesson.md');
  /** What each picture option draws, by its code (pictures.json). */
  const pictures = new Map<string, Drawing>();
  const { prose } = fencedBlocks(module.lesson.markdown);
  /** Where the prose read before the next checkpoint starts: after the last checkpoint or its reveal. */
  let readFrom = 0;
  const checkpointLines = module.lesson.python.filter((b) => b.checkpoint).map((b) => b.line);
  for (const block of module.lesson.python) {
    if (block.kind === 'norun') continue;
    const result = await run({
      code: block.code,
      ...(block.stdin !== undefined ? { stdin: block.stdin } : {}),
    });
    const verdict = judgeBlock(block, result, { timeoutMs });
    if (!verdict.passed) {
      const label = block.kind === 'raises' ? ` (raises=${block.raises ?? ''})` : '';
      const note =
        result.error && block.kind === 'run' ? withTraceback({ verdict, result }) : undefined;
      fail(file, block.line, `python block ${block.index}${label}`, verdict, note);
    }
    // A checkpoint's options are proven against what Python really printed, not the output block.
    const real = block.checkpoint ? realBlockOutput(block, result) : undefined;
    if (block.checkpoint && real !== undefined) {
      const item = `module ${module.number} checkpoint (python block ${block.index})`;
      for (const finding of checkpointOptionsRule(block.checkpoint.options, real)) {
        rule(file, block.checkpoint.line, item, finding);
      }
      const at = {
        line: block.line,
        code: block.code,
        from: readFrom,
        to: checkpointLines.find((line) => line > block.line) ?? Number.POSITIVE_INFINITY,
        reveal: block.checkpoint.reveal,
      };
      for (const finding of giveAwayRule(prose, at, real)) rule(file, block.line, item, finding);
    }
    if (block.checkpoint?.pictures) {
      const item = `module ${module.number} picture checkpoint (python block ${block.index})`;
      const line = block.checkpoint.line;
      const draw = async (code: string, what: string) => {
        const found = drawingOf(await run({ code: drawingProgram(code) }), what);
        if ('message' in found) rule(file, line, item, found);
        return 'message' in found ? undefined : found;
      };
      const drawn = await draw(block.code, 'the checkpoint');
      const options: Drawing[] = [];
      for (const [i, option] of block.checkpoint.pictures.entries()) {
        const picture = await draw(option.code, `picture ${i + 1}`);
        if (picture) {
          options.push(picture);
          pictures.set(option.code.trimEnd(), picture);
        }
      }
      if (drawn && options.length === block.checkpoint.pictures.length) {
        for (const finding of pictureOptionsRule(block.checkpoint.pictures, drawn, options)) {
          rule(file, line, item, finding);
        }
      }
    }
    if (block.checkpoint) readFrom = block.checkpoint.reveal?.end ?? block.checkpoint.line;
  }
  return pictures;
}

/**
 * Proves each exercise's check: its solution passes, its starter and every wrong program fail. A
 * project's steps (`steps`) are proven the same way; a later step's starter is the step before's
 * solution, so its failing proves the chain: that step leaves something to do.
 */
async function verifyExercises(
  exercises: readonly CourseExercise[],
  file: string,
  scan: ContentScan,
  run: Run,
  fail: Fail,
  rule: Rule,
  timeoutMs: number,
  steps = false,
): Promise<number> {
  let refused = 0;
  for (const [index, exercise] of exercises.entries()) {
    const at = scan.locate(exercise) ?? { file, line: 0 };
    for (const finding of wrongProgramsRule(exercise.id, exercise.wrong)) {
      rule(at.file, at.line, `${exercise.id} wrong programs`, finding);
    }
    // Every run of the check in turn, as the browser does: the first that fails decides.
    const attempt = async (code: string): Promise<{ verdict: Verdict; result: RunResult }> => {
      let last: { verdict: Verdict; result: RunResult } | undefined;
      for (const step of exerciseCheckRuns(code, exercise)) {
        const result = await run(step.request);
        last = { verdict: step.judge(result, { timeoutMs }), result };
        if (!last.verdict.passed) break;
      }
      if (!last) throw new Error(`${exercise.id}: its check has no runs`);
      return last;
    };
    const solution = await attempt(exercise.solution);
    if (!solution.verdict.passed) {
      fail(at.file, at.line, `${exercise.id} solution`, solution.verdict, withTraceback(solution));
    }
    const mustFail: { label: string; code: string; says?: string | undefined }[] = [
      {
        label: steps && index > 0 ? 'starter (the solution of the step before)' : 'starter',
        code: exercise.starter,
      },
      ...(exercise.wrong ?? []).map((w, i) => ({
        label: `wrong[${i}] (${w.kind})`,
        code: w.code,
        says: w.says,
      })),
    ];
    for (const { label, code, says } of mustFail) {
      const { verdict, result } = await attempt(code);
      if (!verdict.passed && !label.startsWith('starter')) refused++;
      if (!verdict.passed && says !== undefined && !verdict.message.includes(says)) {
        fail(
          at.file,
          at.line,
          `${exercise.id} ${label}`,
          verdict,
          `is refused, but the message does not say "${says}"`,
        );
      } else if (verdict.passed) {
        fail(
          at.file,
          at.line,
          `${exercise.id} ${label}`,
          verdict,
          'passes the check, but it must fail it',
        );
      } else if (result.error?.phase === 'setup' || result.failure?.kind === 'solution') {
        // A broken setup makes every attempt fail, which would hide that nothing is really checked.
        fail(at.file, at.line, `${exercise.id} ${label}`, verdict);
      }
    }
  }
  return refused;
}

async function verifyQuestions(
  module: CourseModule,
  fileOf: FileOf,
  scan: ContentScan,
  run: Run,
  fail: Fail,
  timeoutMs: number,
): Promise<void> {
  for (const quiz of module.quizzes) {
    for (const [index, question] of quiz.questions.entries()) {
      if (question.verify !== 'output') continue;
      const at = scan.locate(question) ?? { file: fileOf('quizzes.yaml'), line: 0 };
      const item = `"${quiz.title}" question ${index + 1} (verify: output)`;
      const result = await run({ code: question.code ?? '' });
      const correct = question.answers[question.correct] ?? '';
      const verdict = judgeOutputQuestion(correct, result, { timeoutMs });
      if (!verdict.passed) {
        fail(
          at.file,
          at.line,
          item,
          verdict,
          result.error ? withTraceback({ verdict, result }) : undefined,
        );
        continue;
      }
      // A second answer that is also what the code prints would make the question unfair.
      const printed = normalizeAnswer(result.stdout);
      question.answers.forEach((answer, i) => {
        if (i !== question.correct && normalizeAnswer(answer) === printed) {
          fail(at.file, at.line, item, verdict, `answer ${i} is also exactly what the code prints`);
        }
      });
    }
  }
}

/** A failing solution is a content bug: the writer needs the whole traceback, not just its last line. */
function withTraceback({ verdict, result }: { verdict: Verdict; result: RunResult }): string {
  const error = result.error;
  // A failed assert already says what is wrong, and a stopped endless loop has no useful trace.
  if (!error || result.timedOut || (error.phase === 'tests' && error.type === 'AssertionError')) {
    return verdict.message;
  }
  const trace = error.traceback.trim();
  return trace ? `${verdict.message}\n${indent(trace)}` : verdict.message;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

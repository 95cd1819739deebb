/*
 * Applies the pure content rules (src/shared/content/*-rules.ts) to a scanned course and reports
 * each finding with the module, file, line and quiz/question it is about.
 */

import type { ContentScan, CourseModule } from '#server/content/content.loader.ts';
import { fencedBlocks } from '#shared/content/fenced-blocks.ts';
import { fixExerciseRule } from './exercise-rules.ts';
import { checkpointCountRule, checkpointGapRule, diagramCountRule } from './lesson-rules.ts';
import { keyedPositionRule, moduleQuestionMixRule, quizRules } from './quiz-rules.ts';
import type { FileOf, Rule } from './verify.ts';

/** The rules of one module: lesson, exercises, each quiz, and the module's mix of questions. */
export function moduleRules(
  module: CourseModule,
  fileOf: FileOf,
  scan: ContentScan,
  rule: Rule,
): void {
  const n = module.number;
  const lessonFile = fileOf('lesson.md');
  const checkpoints = module.lesson.python.filter((b) => b.checkpoint).map((b) => b.line);
  const { prose } = fencedBlocks(module.lesson.markdown);
  for (const finding of [
    ...checkpointCountRule(checkpoints.length),
    ...checkpointGapRule(prose, checkpoints),
    ...diagramCountRule(module.lesson.diagrams.length),
  ]) {
    rule(lessonFile, 0, `module ${n} lesson`, finding);
  }
  for (const finding of fixExerciseRule(n, module.exercises)) {
    rule(fileOf('exercises.yaml'), 0, `module ${n} exercises`, finding);
  }
  const quizzesFile = fileOf('quizzes.yaml');
  for (const quiz of module.quizzes) {
    const quizLine = scan.locate(quiz)?.line ?? 0;
    for (const finding of quizRules(quiz.questions)) {
      const question = finding.question;
      const questionLine =
        question === undefined ? undefined : scan.locate(quiz.questions[question - 1] ?? {})?.line;
      const item = `module ${n} "${quiz.title}"${question === undefined ? '' : ` question ${question}`}`;
      rule(quizzesFile, questionLine ?? quizLine, item, finding);
    }
  }
  const questions = module.quizzes.flatMap((q) => q.questions);
  for (const finding of moduleQuestionMixRule(questions)) {
    rule(quizzesFile, 0, `module ${n} quizzes`, finding);
  }
}

/** Course-wide rules, over every module given. */
export function courseRules(modules: readonly CourseModule[], shownDir: string, rule: Rule): void {
  const questions = modules.flatMap((m) => m.quizzes.flatMap((q) => q.questions));
  const numbers = modules.map((m) => m.number).join(', ');
  for (const finding of keyedPositionRule(questions)) {
    rule(shownDir, 0, `course (modules ${numbers})`, finding);
  }
}

/*
 * The per-module figures `npm run verify:content` prints after its summary: how much a lesson asks
 * the learner to read between checkpoints, and how far length alone would carry a learner through
 * each module's quizzes. Every number comes from the functions the rules themselves use
 * (lesson-blocks.ts, lesson-rules.ts, quiz-rules.ts), so the table and the rules cannot disagree.
 */

import type { CourseModule } from '#server/content/content.loader.ts';
import { MIN_LESSON_WORDS } from '#server/content/content.loader.ts';
import { fencedBlocks } from '#shared/content/fenced-blocks.ts';
import {
  longestProseGap,
  MAX_WORDS_WITHOUT_CHECKPOINT,
  MIN_CHECKPOINTS,
  MIN_DIAGRAMS,
} from './lesson-rules.ts';
import {
  longestKeyedQuestions,
  MAX_LONGEST_KEYED_SHARE,
  MAX_OUTPUT_SHARE,
  MAX_PICK_LONGEST_SCORE,
  MAX_PICK_SHORTEST_SCORE,
  outputQuestionCount,
  pickLongestScore,
  pickShortestScore,
} from './quiz-rules.ts';
import type { RuleQuestion } from './quiz-rules.ts';
import { MIN_WRONG_PROGRAMS } from './exercise-rules.ts';

/** A quiz figure and the quiz it comes from (the module's worst quiz for that figure). */
export interface WorstQuiz {
  readonly title: string;
  /** 0 to 1. */
  readonly value: number;
}

export interface ModuleFigures {
  readonly number: number;
  readonly proseWords: number;
  readonly checkpoints: number;
  /** Words of the longest stretch of prose without a checkpoint. */
  readonly longestGap: number;
  readonly diagrams: number;
  readonly questions: number;
  /** Share (0 to 1) of the module's questions that ask what a program prints. */
  readonly outputShare: number;
  /** The highest share of questions whose keyed answer is the strictly longest option. */
  readonly keyedLongest: WorstQuiz | undefined;
  /** The highest score of "always pick the longest option". */
  readonly pickLongest: WorstQuiz | undefined;
  /** The highest score of "always pick the shortest option". */
  readonly pickShortest: WorstQuiz | undefined;
  readonly exercises: number;
  /** Labelled wrong programs over all the module's exercises ... */
  readonly wrongPrograms: number;
  /** ... and how many of them the checks refused (known once they have run). */
  readonly refused?: number;
}

export function moduleFigures(module: CourseModule): ModuleFigures {
  const checkpointLines = module.lesson.python.filter((b) => b.checkpoint).map((b) => b.line);
  const { prose } = fencedBlocks(module.lesson.markdown);
  const questions = module.quizzes.flatMap((q) => q.questions);
  const worst = (figure: (questions: readonly RuleQuestion[]) => number): WorstQuiz | undefined =>
    module.quizzes
      .map((quiz) => ({ title: quiz.title, value: figure(quiz.questions) }))
      .reduce<WorstQuiz | undefined>(
        (a, b) => (a === undefined || b.value > a.value ? b : a),
        undefined,
      );
  return {
    number: module.number,
    proseWords: module.lesson.proseWords,
    checkpoints: checkpointLines.length,
    longestGap: longestProseGap(prose, checkpointLines),
    diagrams: module.lesson.diagrams.length,
    questions: questions.length,
    outputShare: questions.length === 0 ? 0 : outputQuestionCount(questions) / questions.length,
    keyedLongest: worst((qs) =>
      qs.length === 0 ? 0 : longestKeyedQuestions(qs).length / qs.length,
    ),
    pickLongest: worst(pickLongestScore),
    pickShortest: worst(pickShortestScore),
    exercises: module.exercises.length,
    wrongPrograms: module.exercises.reduce((sum, e) => sum + (e.wrong?.length ?? 0), 0),
  };
}

interface Column {
  readonly head: string;
  /** The rule's bound, shown under the heading. */
  readonly limit: string;
  readonly cell: (row: ModuleFigures) => string;
}

const percent = (value: number): string => `${Math.round(value * 100)}%`;
const quizCell = (quiz: WorstQuiz | undefined): string => (quiz ? percent(quiz.value) : '-');

const COLUMNS: readonly Column[] = [
  { head: 'module', limit: '', cell: (r) => String(r.number) },
  { head: 'prose words', limit: `>= ${MIN_LESSON_WORDS}`, cell: (r) => String(r.proseWords) },
  { head: 'checkpoints', limit: `>= ${MIN_CHECKPOINTS}`, cell: (r) => String(r.checkpoints) },
  {
    head: 'longest gap',
    limit: `<= ${MAX_WORDS_WITHOUT_CHECKPOINT}`,
    cell: (r) => String(r.longestGap),
  },
  { head: 'diagrams', limit: `>= ${MIN_DIAGRAMS}`, cell: (r) => String(r.diagrams) },
  { head: 'questions', limit: '', cell: (r) => String(r.questions) },
  { head: 'output', limit: `<= ${percent(MAX_OUTPUT_SHARE)}`, cell: (r) => percent(r.outputShare) },
  {
    head: 'keyed longest',
    limit: `<= ${percent(MAX_LONGEST_KEYED_SHARE)}`,
    cell: (r) => quizCell(r.keyedLongest),
  },
  {
    head: 'pick longest',
    limit: `<= ${percent(MAX_PICK_LONGEST_SCORE)}`,
    cell: (r) => quizCell(r.pickLongest),
  },
  {
    head: 'pick shortest',
    limit: `<= ${percent(MAX_PICK_SHORTEST_SCORE)}`,
    cell: (r) => quizCell(r.pickShortest),
  },
  { head: 'exercises', limit: '', cell: (r) => String(r.exercises) },
  {
    head: 'wrong programs',
    limit: `>= ${MIN_WRONG_PROGRAMS} each`,
    cell: (r) => String(r.wrongPrograms),
  },
  {
    head: 'refused',
    limit: 'all',
    cell: (r) => (r.refused === undefined ? '-' : String(r.refused)),
  },
];

/**
 * The figures as a text table, one row per module, with the rules' bounds under the headings and
 * the quiz behind each quiz figure listed below the table.
 */
export function formatFigures(rows: readonly ModuleFigures[]): string {
  const table = [
    COLUMNS.map((c) => c.head),
    COLUMNS.map((c) => c.limit),
    ...rows.map((row) => COLUMNS.map((c) => c.cell(row))),
  ];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((line) => (line[i] ?? '').length)));
  const lines = table.map((line) =>
    line
      .map((cell, i) => cell.padStart(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  const worstQuizzes = rows.map((row) => {
    const named = [
      ['keyed longest', row.keyedLongest],
      ['pick longest', row.pickLongest],
      ['pick shortest', row.pickShortest],
    ] as const;
    return `  ${row.number}: ${named.map(([name, quiz]) => `${name} "${quiz?.title ?? '-'}"`).join(', ')}`;
  });
  return [
    'Per module: prose words; checkpoints; words of the longest stretch without one; diagrams;',
    'questions and the share that ask what a program prints; and, for the worst quiz of the module,',
    'the share of questions whose right answer is the strictly longest option and the scores of',
    'always picking the longest or the shortest option; exercises, their labelled wrong programs and',
    'how many of those the checks refused (bounds under the headings).',
    '',
    ...lines,
    '',
    'The worst quiz behind each quiz figure:',
    ...worstQuizzes,
  ].join('\n');
}

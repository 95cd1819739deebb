/*
 * Rules that keep a quiz a measure of understanding rather than of test-taking (content/README.md,
 * "quizzes.yaml"): the keyed answer does not stand out by length, questions stand alone, a module
 * mixes kinds of question, keyed positions are spread, and inline code is written one way.
 */

import type { RuleFinding } from './rules.ts';
import { share } from './rules.ts';
import type { QuestionKind } from '#shared/content/schema.ts';

export const MAX_LONGEST_KEYED_SHARE = 0.3;
export const MAX_PICK_LONGEST_SCORE = 0.35;
/** The same bound for the opposite habit, "always pick the shortest option". */
export const MAX_PICK_SHORTEST_SCORE = 0.35;
export const MAX_OUTPUT_SHARE = 0.4;
export const KEYED_POSITION_RANGE = [0.2, 0.3] as const;
/** Each of these kinds appears at least once in every module. */
export const REQUIRED_KINDS: readonly QuestionKind[] = ['bug', 'which-code', 'concept', 'complete'];

export interface RuleQuestion {
  readonly kind?: QuestionKind | undefined;
  readonly text: string;
  readonly answers: readonly string[];
  readonly correct: number;
  readonly explanation: string;
}

/** The length a learner sees: backticks are shown as code styling, not as characters. */
export function displayedLength(answer: string): number {
  return [...answer.replace(/`/g, '').trim()].length;
}

function lengths(question: RuleQuestion): { keyed: number; max: number; ties: number } {
  const all = question.answers.map(displayedLength);
  const max = Math.max(...all);
  return {
    keyed: all[question.correct] ?? 0,
    max,
    ties: all.filter((n) => n === max).length,
  };
}

/** The 1-based numbers of the questions whose keyed answer is the strictly longest option. */
export function longestKeyedQuestions(questions: readonly RuleQuestion[]): number[] {
  return questions.flatMap((q, i) => {
    const { keyed, max, ties } = lengths(q);
    return keyed === max && ties === 1 ? [i + 1] : [];
  });
}

/** The keyed answer is the strictly longest option in at most 30% of a quiz's questions. */
export function longestKeyedRule(questions: readonly RuleQuestion[]): RuleFinding[] {
  const longest = longestKeyedQuestions(questions);
  if (longest.length <= MAX_LONGEST_KEYED_SHARE * questions.length) return [];
  return [
    {
      message: `the right answer is the strictly longest option in ${share(longest.length, questions.length)} of the questions (at most ${MAX_LONGEST_KEYED_SHARE * 100}%): questions ${longest.join(', ')}`,
      hint: 'shorten some right answers or give some wrong answers the same detail',
    },
  ];
}

/** The expected score of always picking the option `pick` chooses by length, at random among ties. */
function pickByLengthScore(
  questions: readonly RuleQuestion[],
  pick: (lengths: readonly number[]) => number,
): number {
  if (questions.length === 0) return 0;
  let score = 0;
  for (const question of questions) {
    const all = question.answers.map(displayedLength);
    const chosen = pick(all);
    const ties = all.filter((n) => n === chosen).length;
    if (all[question.correct] === chosen) score += 1 / ties;
  }
  return score / questions.length;
}

/** "Always pick the longest option, at random among ties" must score at most 35% on a quiz. */
export function pickLongestScore(questions: readonly RuleQuestion[]): number {
  return pickByLengthScore(questions, (all) => Math.max(...all));
}

/** "Always pick the shortest option, at random among ties" must score at most 35% on a quiz too. */
export function pickShortestScore(questions: readonly RuleQuestion[]): number {
  return pickByLengthScore(questions, (all) => Math.min(...all));
}

export function pickLongestRule(questions: readonly RuleQuestion[]): RuleFinding[] {
  const score = pickLongestScore(questions);
  if (score <= MAX_PICK_LONGEST_SCORE + 1e-9) return [];
  return [
    {
      message: `always picking the longest option scores ${Math.round(score * 100)}% on this quiz (at most ${MAX_PICK_LONGEST_SCORE * 100}%)`,
      hint: 'make the longest option a wrong one in more questions',
    },
  ];
}

export function pickShortestRule(questions: readonly RuleQuestion[]): RuleFinding[] {
  const score = pickShortestScore(questions);
  if (score <= MAX_PICK_SHORTEST_SCORE + 1e-9) return [];
  return [
    {
      message: `always picking the shortest option scores ${Math.round(score * 100)}% on this quiz (at most ${MAX_PICK_SHORTEST_SCORE * 100}%)`,
      hint: 'make the shortest option a wrong one in more questions (a terse, tempting distractor)',
    },
  ];
}

/** Words that point at another question or at text outside the question itself. */
const OUTSIDE_REFERENCES: readonly RegExp[] = [
  // "the line above it" points inside the question's own code; "the code above" points outside.
  /\babove\b(?!\s+(?:it|them|that|this)\b)/i,
  /\bprevious\b/i,
  /\b(?:earlier|last|next|preceding) question\b/i,
  /\bquestions? \d+\b/i,
  /\bas before\b/i,
  /\bfrom before\b/i,
  /\bthe same program\b/i,
];

/** Inline code spans removed: `previous` as a variable name is no reference. */
function withoutCode(text: string): string {
  return text.replace(/(`+)[\s\S]*?\1/g, ' ');
}

/** No question text, answer or explanation refers to another question or to text outside itself. */
export function outsideReferenceRule(question: RuleQuestion, number: number): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [field, text] of fields(question)) {
    const prose = withoutCode(text);
    const hit = OUTSIDE_REFERENCES.map((re) => re.exec(prose)?.[0]).find(Boolean);
    if (hit) {
      findings.push({
        question: number,
        message: `${field} says "${hit}", which refers outside the question`,
        hint: 'each question stands alone: show the code with it ("the program below") and say everything it needs',
      });
    }
  }
  return findings;
}

function fields(question: RuleQuestion): [string, string][] {
  return [
    ['the text', question.text],
    ...question.answers.map((a, i): [string, string] => [`answer ${i}`, a]),
    ['the explanation', question.explanation],
  ];
}

const HTML_TAG = /<\/?[A-Za-z][\w-]*(?:\s[^<>]*)?\/?>/;

/** The first backtick run that is never closed by a run of the same length, if any. */
export function unbalancedBackticks(text: string): boolean {
  const runs = [...text.matchAll(/`+/g)].map((m) => m[0].length);
  let open: number | undefined;
  for (const run of runs) {
    if (open === undefined) open = run;
    else if (run === open) open = undefined;
  }
  return open !== undefined;
}

/**
 * Inline code is Markdown backticks, balanced, with no HTML tags; an `output` question's answers
 * are the literal printed text, so they carry no backticks (the page shows them as code already).
 */
export function inlineCodeRule(question: RuleQuestion, number: number): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const add = (message: string, hint: string): void => {
    findings.push({ question: number, message, hint });
  };
  for (const [field, text] of fields(question)) {
    const literal = question.kind === 'output' && field.startsWith('answer');
    if (literal) {
      if (text.includes('`')) {
        add(
          `${field} of an output question has backticks`,
          'write exactly what the program prints; the page shows these answers as code',
        );
      }
      continue;
    }
    if (unbalancedBackticks(text)) {
      add(`${field} has unbalanced backticks`, 'close every `code` span with a matching backtick');
    }
    const tag = HTML_TAG.exec(withoutCode(text))?.[0];
    if (tag) {
      add(
        `${field} has ${tag}, which the page would read as an HTML tag`,
        'write code as `like_this` in backticks, never with HTML',
      );
    }
  }
  return findings;
}

/**
 * Python's constants and exception class names are code, so quiz prose puts them in backticks like
 * all other code (`True`, `None`, `ValueError`). Only words that cannot be ordinary English are
 * matched: `Exception` alone and `Error` alone are left to the writer, and an English "None of
 * them" is flagged on purpose (reword it: "Not one of them").
 */
const BARE_CODE =
  /(?<![\w`])(True|False|None|NotImplemented|NoneType|StopIteration|KeyboardInterrupt|[A-Z][A-Za-z]*(?:Error|Exception|Warning))(?![\w`])/;

/** Inline code written one way: no Python constant or exception name outside backticks. */
export function bareCodeRule(question: RuleQuestion, number: number): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [field, text] of fields(question)) {
    // The answers of an output question are printed text, where `True` is what the program shows.
    if (question.kind === 'output' && field.startsWith('answer')) continue;
    const hit = BARE_CODE.exec(withoutCode(text))?.[0];
    if (hit) {
      findings.push({
        question: number,
        message: `${field} has ${hit} outside backticks`,
        hint: `write it as code, \`${hit}\`, as everywhere else in the quizzes (an English "None of ..." reads better as "Not one of ..." or "No ...")`,
      });
    }
  }
  return findings;
}

/** Every question of a reworked module says what kind it is. */
export function kindRule(question: RuleQuestion, number: number): RuleFinding[] {
  if (question.kind !== undefined) return [];
  return [
    {
      question: number,
      message: 'has no `kind`',
      hint: 'add kind: output, bug, which-code, concept or complete',
    },
  ];
}

/** The per-question and per-quiz rules for one quiz, in question order. */
export function quizRules(questions: readonly RuleQuestion[]): RuleFinding[] {
  return [
    ...questions.flatMap((q, i) => [
      ...kindRule(q, i + 1),
      ...outsideReferenceRule(q, i + 1),
      ...inlineCodeRule(q, i + 1),
      ...bareCodeRule(q, i + 1),
    ]),
    ...longestKeyedRule(questions),
    ...pickLongestRule(questions),
    ...pickShortestRule(questions),
  ];
}

/** How many of the questions are `output` ("what does this print") questions. */
export function outputQuestionCount(questions: readonly RuleQuestion[]): number {
  return questions.filter((q) => q.kind === 'output').length;
}

/** A module's questions: at most 40% `output`, and at least one of each other kind. */
export function moduleQuestionMixRule(questions: readonly RuleQuestion[]): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const output = outputQuestionCount(questions);
  if (output > MAX_OUTPUT_SHARE * questions.length) {
    findings.push({
      message: `${share(output, questions.length)} of the module's questions are \`output\` questions (at most ${MAX_OUTPUT_SHARE * 100}%)`,
      hint: 'turn some into bug, which-code, concept or complete questions',
    });
  }
  const missing = REQUIRED_KINDS.filter((kind) => !questions.some((q) => q.kind === kind));
  if (missing.length > 0) {
    findings.push({
      message: `the module has no ${missing.map((k) => `\`${k}\``).join(', ')} question`,
      hint: 'each module has at least one bug, which-code, concept and complete question',
    });
  }
  return findings;
}

/** Course-wide: each keyed position (0..3) holds between 20% and 30% of the keyed answers. */
export function keyedPositionRule(questions: readonly RuleQuestion[]): RuleFinding[] {
  if (questions.length === 0) return [];
  const counts = [0, 0, 0, 0];
  for (const q of questions) counts[q.correct] = (counts[q.correct] ?? 0) + 1;
  const [low, high] = KEYED_POSITION_RANGE;
  return counts.flatMap((count, position) => {
    const part = count / questions.length;
    if (part >= low - 1e-9 && part <= high + 1e-9) return [];
    return [
      {
        message: `keyed position ${position} holds ${share(count, questions.length)} of the right answers (${low * 100}% to ${high * 100}%)`,
        hint: `move right answers ${part < low ? 'to' : 'away from'} position ${position} by reordering answers`,
      },
    ];
  });
}

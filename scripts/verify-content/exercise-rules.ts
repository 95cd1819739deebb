/* Rules for a module's exercises (content/README.md, "exercises.yaml"). */

import { WRONG_KINDS, type WrongKind } from '#shared/content/schema.ts';
import type { RuleFinding } from './rules.ts';

/** Modules from this number on have at least one "fix this program" exercise. */
export const FIX_EXERCISES_FROM = 3;

export function fixExerciseRule(
  moduleNumber: number,
  exercises: readonly { readonly kind?: 'write' | 'fix' | undefined }[],
): RuleFinding[] {
  if (moduleNumber < FIX_EXERCISES_FROM || exercises.some((e) => e.kind === 'fix')) return [];
  return [
    {
      message: `has no \`kind: fix\` exercise; every module from ${FIX_EXERCISES_FROM} on needs one`,
      hint: 'add (or turn an exercise into) one whose starter is a realistic program with a real bug, and mark it kind: fix',
    },
  ];
}

/** Each exercise is proven by at least this many wrong programs ... */
export const MIN_WRONG_PROGRAMS = 8;
/** ... of at least this many different kinds. */
export const MIN_WRONG_KINDS = 5;

export function wrongProgramsRule(
  exerciseId: string,
  wrong: readonly { readonly kind: WrongKind }[] | undefined,
): RuleFinding[] {
  const count = wrong?.length ?? 0;
  const kinds = new Set(wrong?.map((w) => w.kind)).size;
  if (count >= MIN_WRONG_PROGRAMS && kinds >= MIN_WRONG_KINDS) return [];
  return [
    {
      message: `${exerciseId} has ${count} wrong program${count === 1 ? '' : 's'} of ${kinds} kind${kinds === 1 ? '' : 's'}; each exercise needs at least ${MIN_WRONG_PROGRAMS}, of at least ${MIN_WRONG_KINDS} kinds`,
      hint: `write them as a learner would, from the prompt, and label each: ${WRONG_KINDS.join(', ')}`,
    },
  ];
}

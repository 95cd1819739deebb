/* Rules for a module's exercises (content/README.md, "exercises.yaml"). */

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

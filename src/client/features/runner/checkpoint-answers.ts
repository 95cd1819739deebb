/**
 * How a prediction is compared with a checkpoint's real output: as the content verifier compares
 * options (format.md 1), after dropping trailing white space on each line and trailing blank lines.
 * A typed prediction also forgives the line endings a browser's text field may use.
 */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

export function samePrediction(prediction: string, output: string): boolean {
  return normalizeOutput(prediction) === normalizeOutput(output);
}

/** What the learner is told after a prediction: plain text, or an option's own why-not (HTML). */
export type Feedback = { text: string } | { html: string };

type Judged =
  | { kind: 'right' }
  /** `picked`: an option was chosen (and is now tried), not text typed. */
  | { kind: 'wrong'; picked: boolean; feedback: Feedback }
  | { kind: 'empty'; feedback: Feedback };

interface Answerable {
  readonly options: readonly { readonly text: string; readonly whyNotHtml?: string }[] | null;
  readonly pictures?: readonly { readonly right: boolean; readonly whyNotHtml?: string }[];
  readonly output: string;
}

const PICK_AGAIN = 'Not this one. Read the code once more and pick again, or press Show me.';

/**
 * A prediction against the checkpoint's answer: the chosen picture (which knows whether it is
 * right), the chosen output or the typed text (compared with the real output). Each wrong option
 * stands for a misunderstanding, and says which.
 */
export function judgePrediction(spec: Answerable, choice: number | null, typed: string): Judged {
  const choices =
    spec.pictures ??
    spec.options?.map((option) => ({ ...option, right: samePrediction(option.text, spec.output) }));
  if (!choices) {
    if (typed.trim() === '')
      return { kind: 'empty', feedback: { text: 'Type what you expect first.' } };
    if (samePrediction(typed, spec.output)) return { kind: 'right' };
    const text = 'Not quite. Read the code once more and try again, or press Show me.';
    return { kind: 'wrong', picked: false, feedback: { text } };
  }
  const picked = choice === null ? undefined : choices[choice];
  if (!picked) {
    const what = spec.pictures ? 'pictures' : 'outputs';
    return { kind: 'empty', feedback: { text: `Pick one of the ${what} first.` } };
  }
  if (picked.right) return { kind: 'right' };
  return {
    kind: 'wrong',
    picked: true,
    feedback: picked.whyNotHtml
      ? { html: `Not this one. ${picked.whyNotHtml}` }
      : { text: PICK_AGAIN },
  };
}

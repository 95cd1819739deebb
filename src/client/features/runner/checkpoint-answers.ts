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

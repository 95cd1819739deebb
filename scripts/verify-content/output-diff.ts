/* How the content verifier shows a wrong output in a terminal. */

/**
 * A short line diff of expected vs actual output for people reading a terminal: unchanged lines
 * far from a change are elided, and at most `maxLines` lines are shown.
 */
export function outputDiff(expected: string, actual: string, maxLines = 24): string {
  const a = expected === '' ? [] : expected.split('\n');
  const b = actual === '' ? [] : actual.split('\n');
  if (a.length * b.length > 250_000) {
    return [
      ...a.slice(0, 5).map((l) => `- ${l}`),
      '  ...',
      ...b.slice(0, 5).map((l) => `+ ${l}`),
    ].join('\n');
  }
  // Longest common subsequence table, filled from the end so the walk below reads forwards.
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i] ?? [];
    const below = lcs[i + 1] ?? [];
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const ops: { mark: ' ' | '-' | '+'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ mark: ' ', text: a[i] ?? '' });
      i++;
      j++;
    } else if (
      i < a.length &&
      (j >= b.length || (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0))
    ) {
      ops.push({ mark: '-', text: a[i] ?? '' });
      i++;
    } else {
      ops.push({ mark: '+', text: b[j] ?? '' });
      j++;
    }
  }
  const context = 2;
  const keep = ops.map((op, index) =>
    ops.slice(Math.max(0, index - context), index + context + 1).some((o) => o.mark !== ' '),
  );
  const lines: string[] = [];
  let skipped = false;
  ops.forEach((op, index) => {
    if (!keep[index]) {
      if (!skipped) lines.push('  ...');
      skipped = true;
      return;
    }
    skipped = false;
    lines.push(`${op.mark} ${op.text}`);
  });
  if (lines.length > maxLines) {
    return [...lines.slice(0, maxLines), `  ... (${lines.length - maxLines} more lines)`].join(
      '\n',
    );
  }
  return lines.join('\n');
}

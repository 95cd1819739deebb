/** Plain-text layout for the terminal: aligned columns, dates and money as people read them. */

/** Columns padded to their widest cell, a rule under the header. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** 2026-03-01 */
export const day = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '-');

/** 2026-03-01 12:00 */
export const minute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** 489.00 EUR */
export const money = (cents: number, currency: string): string =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** 42% (or '-' when there is nothing to divide). */
export const percent = (part: number, whole: number): string =>
  whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`;

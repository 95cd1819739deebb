import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The design tokens in both themes (decision 0018): every colour has a dark value, the two copies of
 * the dark list (device preference, learner's choice) are the same, and the pairs the pages use keep
 * WCAG AA contrast in light and in dark.
 */
const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

/** The custom properties declared in the block that follows `opening` (up to its closing brace). */
function block(opening: string): Map<string, string> {
  const start = css.indexOf(opening);
  if (start < 0) throw new Error(`tokens.css has no block ${opening}`);
  const body = css.slice(start + opening.length, css.indexOf('}', start));
  const tokens = new Map<string, string>();
  for (const match of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    tokens.set(match[1] ?? '', (match[2] ?? '').trim());
  }
  return tokens;
}

const light = block(':root {');
const darkByDevice = block(":root:not([data-theme='light']) {");
const darkByChoice = block(":root[data-theme='dark'] {");

const isColour = (value: string) => /#[0-9a-f]{3,8}\b|rgb\(/i.test(value);

function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const channels = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** [text or line, background, minimum ratio]: 4.5 for text, 3 for lines and component edges. */
const PAIRS: [string, string, number][] = [
  ...['--color-ink', '--color-muted', '--color-link', '--color-brand', '--color-brand-2'].flatMap(
    (text): [string, string, number][] => [
      [text, '--color-surface', 4.5],
      [text, '--color-surface-2', 4.5],
    ],
  ),
  ['--color-on-brand', '--color-brand', 4.5],
  ['--color-on-brand', '--color-brand-2', 4.5],
  ['--color-on-band', '--color-band', 4.5],
  ['--color-accent', '--color-band', 4.5],
  ['--color-on-accent', '--color-accent', 4.5],
  ['--color-on-accent', '--color-accent-strong', 4.5],
  ['--color-success', '--color-success-bg', 4.5],
  ['--color-danger', '--color-danger-bg', 4.5],
  ['--color-success', '--color-surface', 4.5],
  ['--color-danger', '--color-surface', 4.5],
  ['--color-code-ink', '--color-code-bg', 4.5],
  ['--color-focus', '--color-surface', 3],
  ...[
    '--syntax-keyword',
    '--syntax-string',
    '--syntax-number',
    '--syntax-comment',
    '--syntax-function',
    '--syntax-atom',
    '--syntax-class',
    '--color-ink',
    '--color-muted',
  ].flatMap((text): [string, string, number][] => [
    [text, '--color-surface', 4.5],
    [text, '--color-surface-2', 4.5],
    [text, '--editor-selection', 4.5],
  ]),
  ...['--diagram-text', '--diagram-muted', '--diagram-code'].flatMap(
    (text): [string, string, number][] =>
      ['--diagram-bg', '--diagram-box', '--diagram-box-alt', '--diagram-accent'].map((fill) => [
        text,
        fill,
        4.5,
      ]),
  ),
  ...[
    '--diagram-box-border',
    '--diagram-box-alt-border',
    '--diagram-accent-border',
    '--diagram-line',
  ].map((line): [string, string, number] => [line, '--diagram-bg', 3]),
  ['--diagram-accent-border', '--diagram-accent', 3],
  ['--diagram-box-alt-border', '--diagram-box-alt', 3],
];

describe('design tokens', () => {
  it('give every colour a dark value, the same in both dark lists', () => {
    const colours = [...light].filter(([, value]) => isColour(value)).map(([name]) => name);
    expect(colours.length).toBeGreaterThan(40);
    for (const name of colours) {
      expect(darkByDevice.get(name), `${name} in the device's dark list`).toBeDefined();
    }
    expect([...darkByChoice]).toEqual([...darkByDevice]);
    // A dark list names only tokens that exist, so a renamed token cannot linger there.
    for (const name of darkByDevice.keys()) expect(light.has(name), name).toBe(true);
  });

  for (const [theme, values] of [
    ['light', light],
    ['dark', new Map([...light, ...darkByDevice])],
  ] as const) {
    it(`keep AA contrast in the ${theme} theme`, () => {
      const failures = PAIRS.flatMap(([text, background, minimum]) => {
        const ratio = contrast(values.get(text) ?? '', values.get(background) ?? '');
        return ratio >= minimum ? [] : [`${text} on ${background}: ${ratio.toFixed(2)}`];
      });
      expect(failures).toEqual([]);
    });
  }
});

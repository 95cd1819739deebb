// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import type { Drawing } from '#shared/content/drawing.ts';
import { fakeRuntime } from '#client/testing/fake-runtime.ts';
import { Checkpoint } from './checkpoint.tsx';
import { RuntimeProvider } from './runtime-context.tsx';

type Spec = NonNullable<LessonCodeBlock['checkpoint']>;

function triangle(up: boolean): Drawing {
  const tip: [number, number] = [50, up ? 86.6 : -86.6];
  const line = (a: [number, number], b: [number, number]) => ({
    k: 'line' as const,
    x1: a[0],
    y1: a[1],
    x2: b[0],
    y2: b[1],
    c: 'black',
    w: 1,
    s: 3,
  });
  return {
    items: [line([0, 0], [100, 0]), line([100, 0], tip), line(tip, [0, 0])],
    bg: 'white',
    size: [400, 400],
    title: null,
    instant: false,
    cut: false,
    turtles: [{ x: 0, y: 0, heading: 0, visible: true, color: 'black' }],
  };
}

const spec: Spec = {
  options: null,
  pictures: [
    {
      alt: 'A triangle, point up.',
      drawing: triangle(true),
      right: false,
      whyNotHtml: 'That is what <code>left</code> draws.',
    },
    { alt: 'A triangle, point down.', drawing: triangle(false), right: true },
    {
      alt: 'A flat line.',
      drawing: { ...triangle(true), items: triangle(true).items.slice(0, 1) },
      right: false,
      whyNotHtml: 'Three sides are drawn.',
    },
  ],
  output: '',
  whyHtml: 'Right turns go clockwise.',
};
const block = {
  index: 7,
  code: 'import turtle\nfor side in range(3):\n    turtle.forward(100)\n    turtle.right(120)\n',
  kind: 'run' as const,
  checkpoint: spec,
};

afterEach(cleanup);

describe('a picture checkpoint', () => {
  it('is drawn without Python: each option a small SVG named by its words, in one shared view', () => {
    const html = renderToString(
      <RuntimeProvider runtime={fakeRuntime()}>
        <Checkpoint block={block} number={3} />
      </RuntimeProvider>,
    );
    expect(html).toContain('Which picture will this draw?');
    const svgs = html.match(/<svg[^>]*>/g) ?? [];
    expect(svgs).toHaveLength(3);
    expect(svgs.every((svg) => svg.includes('role="img"'))).toBe(true);
    expect(svgs[1]).toContain('aria-label="A triangle, point down."');
    // One view for all, so the flat line is drawn at the triangles' scale.
    expect(new Set(svgs.map((svg) => /viewBox="([^"]*)"/.exec(svg)?.[1])).size).toBe(1);
    // The options leave the turtles out: 3 + 3 + 1 lines, no arrowheads.
    expect(html.match(/<line /g)).toHaveLength(7);
    expect(html).not.toContain('<polygon');
  });

  it('answers a wrong pick with its why-not, and a right one by running the block', async () => {
    const user = userEvent.setup();
    const runtime = fakeRuntime();
    render(
      <RuntimeProvider runtime={runtime}>
        <Checkpoint block={block} number={3} />
      </RuntimeProvider>,
    );
    screen.getByRole('group', { name: /Which picture will this draw\?/ });
    await user.click(screen.getByRole('button', { name: 'Check my prediction' }));
    expect(screen.getByRole('status').textContent).toBe('Pick one of the pictures first.');

    await user.click(screen.getByRole('radio', { name: 'A triangle, point up.' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Not this one. That is what left draws.');
    expect(screen.getByText('You tried this one')).toBeTruthy();
    expect(runtime.requests).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'A triangle, point down.' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('You predicted it.')).toBeTruthy();
    expect(runtime.requests.map((r) => r.code)).toEqual([block.code]);
  });

  it('says what it draws when the learner asks to be shown', async () => {
    const user = userEvent.setup();
    render(
      <RuntimeProvider runtime={fakeRuntime()}>
        <Checkpoint block={block} number={3} />
      </RuntimeProvider>,
    );
    await user.click(screen.getByRole('radio', { name: 'A flat line.' }));
    await user.click(screen.getByRole('button', { name: 'Check my prediction' }));
    await user.click(screen.getByRole('button', { name: 'Show me' }));
    expect(await screen.findByText('Here is what it draws.')).toBeTruthy();
  });
});

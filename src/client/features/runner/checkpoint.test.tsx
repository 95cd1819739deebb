// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { fakeRuntime } from '#client/testing/fake-runtime.ts';
import { Checkpoint } from './checkpoint.tsx';
import { RuntimeProvider } from './runtime-context.tsx';

type Spec = NonNullable<LessonCodeBlock['checkpoint']>;

function block(checkpoint: Spec): LessonCodeBlock & { checkpoint: Spec } {
  return { index: 4, code: 'print("False")\nprint("True")\n', kind: 'run', checkpoint };
}

const choices: Spec = {
  options: [
    {
      text: 'True\nTrue',
      whyNotHtml: 'A string is never equal to a number, so <code>1 == "1"</code> is false.',
    },
    { text: 'False\nTrue' },
    { text: 'False\nFalse' },
  ],
  output: 'False\nTrue\n',
  whyHtml: '<code>&gt;</code> is strict; <code>&gt;=</code> also allows equal.',
};

function show(spec: Spec) {
  const runtime = fakeRuntime();
  render(
    <RuntimeProvider runtime={runtime}>
      <Checkpoint block={block(spec)} number={2} />
    </RuntimeProvider>,
  );
  return runtime;
}

afterEach(cleanup);

describe('Checkpoint', () => {
  it('asks in a fieldset, keeps the output hidden after a wrong pick, then runs the block on a right one', async () => {
    const user = userEvent.setup();
    const runtime = show(choices);
    const group = screen.getByRole('group', { name: /What will this print\?/ });
    expect(group.tagName).toBe('FIELDSET');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.nextElementSibling?.textContent)).toEqual([
      'True\nTrue',
      'False\nTrue',
      'False\nFalse',
    ]);

    // Enter on a choice checks it (the arrow keys are the browser's own: e2e/checkpoint.spec.ts).
    await user.click(radios[0] as HTMLElement);
    await user.keyboard('{Enter}');
    // The option's own why-not, not a line every wrong option shares.
    expect(screen.getByRole('status').textContent).toBe(
      'Not this one. A string is never equal to a number, so 1 == "1" is false.',
    );
    expect(screen.getByText('1 == "1"').tagName).toBe('CODE');
    expect(screen.getByText('You tried this one')).toBeTruthy();
    expect(runtime.requests).toHaveLength(0);
    expect(screen.queryByText('You predicted it.')).toBeNull();
    expect(document.activeElement).toBe(radios[0]);
    expect(screen.getByRole('button', { name: 'Show me' })).toBeTruthy();

    await user.click(radios[1] as HTMLElement);
    await user.keyboard('{Enter}');

    const verdict = await screen.findByText('You predicted it.');
    expect(document.activeElement).toBe(verdict);
    expect(runtime.requests.map((r) => r.code)).toEqual([block(choices).code]);
    const printed = await screen.findByLabelText('Output of checkpoint 2');
    expect(printed.textContent).toBe('False\nTrue\n');
    expect(screen.getByText('>=').tagName).toBe('CODE');
    expect((group as HTMLFieldSetElement).disabled).toBe(true);
  });

  it('Show me reveals the output after a wrong guess, without claiming a prediction', async () => {
    const user = userEvent.setup();
    // The lesson's explanation of this checkpoint, drawn hidden by the server.
    const explanation = document.createElement('div');
    explanation.dataset.revealFor = '4';
    explanation.hidden = true;
    explanation.textContent = 'Comparisons give True or False.';
    document.body.append(explanation);
    const runtime = show(choices);
    await user.click(screen.getAllByRole('radio')[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Check my prediction' }));
    // An option without a why-not of its own gets the general advice.
    expect(screen.getByRole('status').textContent).toBe(
      'Not this one. Read the code once more and pick again, or press Show me.',
    );
    await user.click(screen.getByRole('button', { name: 'Show me' }));
    expect(await screen.findByText('Here is what it prints.')).toBeTruthy();
    expect(screen.queryByText('You predicted it.')).toBeNull();
    expect(explanation.hidden).toBe(false);
    explanation.remove();
    await waitFor(() => expect(runtime.requests).toHaveLength(1));
  });

  it('takes a typed prediction when there are no options, forgiving trailing spaces', async () => {
    const user = userEvent.setup();
    const runtime = show({ ...choices, options: null });
    const field = screen.getByLabelText('Type the output, line by line');
    await user.click(screen.getByRole('button', { name: 'Check my prediction' }));
    expect(screen.getByRole('status').textContent).toBe('Type what you expect first.');

    await user.type(field, 'True{Enter}True');
    await user.click(screen.getByRole('button', { name: 'Check my prediction' }));
    expect(screen.getByRole('status').textContent).toMatch(/^Not quite/);
    expect(runtime.requests).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'False  {Enter}True{Enter}');
    await user.click(screen.getByRole('button', { name: 'Check my prediction' }));
    expect(await screen.findByText('You predicted it.')).toBeTruthy();
  });
});

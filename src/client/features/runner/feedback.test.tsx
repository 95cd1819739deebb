// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExerciseProgress } from '#shared/api/exercise-progress.schema.ts';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import type { PythonError } from '#shared/content/python-checks.ts';
import { fakeRuntime } from '#client/testing/fake-runtime.ts';
import { fakeApi, renderPage, subscriber } from '#client/testing/render-page.tsx';
import CodeEditor, { type EditorHandle } from './code-editor.tsx';
import { ExerciseWorkbench } from './exercise-workbench.tsx';
import { OutputPanel } from './output-panel.tsx';
import { runResult } from './run-results.ts';
import { RuntimeProvider } from './runtime-context.tsx';

/*
 * Issue 35 in the page: a failing Check marks what differs and says it in a sentence, a Run that
 * already prints the expected output is told to press Check, and a syntax error's place is shown
 * in the editor, with curly quotes replaced in one click.
 */

const exercise: LessonExercise = {
  id: 'm01-e1-greeting',
  title: 'A greeting',
  promptHtml: '<p>Print <code>Hello, Ada!</code>.</p>',
  starter: '# Print the greeting\n',
  solution: 'print("Hello, Ada!")\n',
  hints: [],
  check: { stdout: 'Hello, Ada!\n' },
};

function start(savedCode: string, check: LessonExercise['check'] = exercise.check) {
  const progress = (code: string): ExerciseProgress => ({
    exerciseId: exercise.id,
    code,
    solved: false,
    solvedAt: null,
    updatedAt: '2026-01-01',
  });
  fakeApi({
    [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
    'GET /api/exercise-progress': () => ({ exercises: [progress(savedCode)] }),
    [`PUT /api/exercise-progress/${exercise.id}`]: (call) =>
      progress((call.body as { code: string }).code),
    [`POST /api/exercise-progress/${exercise.id}/checks`]: (call) => {
      const body = call.body as { code: string; browserPassed: boolean };
      return {
        passed: body.browserPassed,
        message: 'checked',
        progress: { ...progress(body.code), solved: body.browserPassed },
        version: { id: 'v1', createdAt: '2026-01-01', passed: body.browserPassed, lineCount: 1 },
      };
    },
  });
  renderPage(
    <RuntimeProvider runtime={fakeRuntime()}>
      <ExerciseWorkbench exercise={{ ...exercise, check }} />
    </RuntimeProvider>,
    '/dashboard/lessons/module1',
  );
}

beforeAll(() => {
  Range.prototype.getClientRects = () =>
    Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function press(name: string) {
  const user = userEvent.setup();
  await waitFor(() => expect(document.querySelector('.cm-content')).toBeTruthy());
  await user.click(await screen.findByRole('button', { name }));
}

describe('a failing Check', () => {
  it('marks the missing character and says what differs, for the eye and for screen readers', async () => {
    start('print("Hello, Ada")');
    await press('Check');
    const sentence = await screen.findByTestId('diff-sentence');
    expect(sentence.textContent).toBe('Your line 1 is missing an exclamation mark (!) at the end.');
    expect(sentence.querySelector('code')?.textContent).toBe('!');
    const marks = [...document.querySelectorAll('mark[data-diff="changed"]')];
    expect(marks.map((m) => m.textContent)).toEqual(['!']);
    expect(document.querySelectorAll('[data-diff-line="changed"]')).toHaveLength(2);
    const live = document.querySelector('[aria-live="polite"][aria-atomic="true"]');
    expect(live?.textContent).toContain(
      'Your line 1 is missing an exclamation mark (!) at the end.',
    );
  });

  it('shows a space that is the only difference', async () => {
    start('print("Hello,Ada!")');
    await press('Check');
    expect((await screen.findByTestId('diff-sentence')).textContent).toBe(
      'Your line 1 is missing a space after Hello,.',
    );
    expect(document.querySelector('mark[data-diff="changed"]')?.textContent).toBe('␣');
    expect(screen.getByText(/␣ stands for a space/)).toBeTruthy();
  });

  it('marks an extra line', async () => {
    start('print("Hello, Ada!")\nprint("Bye")');
    await press('Check');
    expect((await screen.findByTestId('diff-sentence')).textContent).toBe(
      'Your line 2 is not expected: Bye.',
    );
    expect(document.querySelector('[data-diff-line="extra"]')?.textContent).toBe('Bye');
  });
});

describe('the nudge to Check', () => {
  it('appears when a Run prints the expected output, and not otherwise', async () => {
    start('print("Hello, Ada!")');
    await press('Run');
    await waitFor(() =>
      expect(screen.getByTestId('check-nudge').textContent).toBe(
        'Your output matches the example. Now press Check to have it checked.',
      ),
    );
    cleanup();
    start('print("Hello, Ada")');
    await press('Run');
    await screen.findByText('Your program finished.');
    expect(screen.getByTestId('check-nudge').textContent).toBe('');
  });

  it('compares with what the solution prints where the check compares programs', async () => {
    start('print("Hello, Ada!")', { compare: { program: true } });
    await press('Run');
    await waitFor(() =>
      expect(screen.getByTestId('check-nudge').textContent).toContain('Now press Check'),
    );
  });

  it('stays quiet where the check has several expected outputs', async () => {
    start('print("Hello, Ada!")', {
      ...exercise.check,
      also: [{ stdin: 'Bo\n', stdout: 'Hello, Bo!\n' }],
    });
    await press('Run');
    await screen.findByText('Your program finished.');
    expect(screen.getByTestId('check-nudge').textContent).toBe('');
  });
});

/** A syntax error exactly as Pyodide reports `print(“Hello”)` (error-pointer.test.ts runs it). */
const curlyError: PythonError = {
  type: 'SyntaxError',
  mro: ['SyntaxError', 'Exception', 'BaseException', 'object'],
  message: "invalid character '“' (U+201C) (main.py, line 1)",
  line: "SyntaxError: invalid character '“' (U+201C)",
  traceback: '',
  phase: 'code',
  lineno: 1,
  spot: { offset: 7, endOffset: 7, text: 'print(“Hello”)' },
};

describe('a syntax error in the editor', () => {
  it('is underlined at its place, selected on request, and curly quotes are replaced in one click', async () => {
    const user = userEvent.setup();
    const editor = createRef<EditorHandle>() as { current: EditorHandle | null };
    const result = runResult({
      stdout: '',
      stderr: '',
      error: curlyError,
      timedOut: false,
      stopped: false,
    });
    render(
      <>
        <CodeEditor
          initialCode="print(“Hello”)"
          label="Code"
          onChange={() => undefined}
          onRun={() => undefined}
          handleRef={(handle) => {
            editor.current = handle;
            handle?.markLine(1, 'error', result.kind === 'error' ? result.report.spot : undefined);
          }}
        />
        <OutputPanel status="idle" output={[]} result={result} label="Output" editor={editor} />
      </>,
    );
    await waitFor(() =>
      expect(document.querySelector('[data-mark="spot"]')?.textContent).toBe('“'),
    );
    // Shown, and announced.
    expect(screen.getAllByText(/This is an opening curly double quote/)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Show in the code' }));
    expect(document.activeElement?.closest('.cm-editor')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Replace curly quotes' }));
    expect(editor.current?.getCode()).toBe('print("Hello")');
    expect(screen.getByRole('status').textContent).toBe(
      'Curly quotes replaced with straight ones: press Run to try again.',
    );
    // The code changed, so the error's marks are gone.
    expect(document.querySelector('[data-mark="spot"]')).toBeNull();
  });
});

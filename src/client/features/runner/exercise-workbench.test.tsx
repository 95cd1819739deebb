// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExerciseProgress } from '#shared/api/exercise-progress.schema.ts';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { ExerciseCard } from '#client/features/courses/exercise-card.tsx';
import { fakeRuntime } from '#client/testing/fake-runtime.ts';
import { fakeApi, renderPage, subscriber, type ApiCall } from '#client/testing/render-page.tsx';
import { catchSavedFiles } from '#client/testing/saved-files.ts';
import { ExerciseWorkbench } from './exercise-workbench.tsx';
import { RuntimeProvider } from './runtime-context.tsx';

const exercise: LessonExercise = {
  id: 'm01-e1-greeting',
  title: 'A greeting',
  promptHtml: '<p>Print <code>Hello, Ada!</code>.</p>',
  starter: '# Print the greeting\n',
  solution: 'print("Hello, Ada!")\n',
  hints: ['Use `print`.', 'Put the text in quotes: `"Hello, Ada!"`.'],
  check: { stdout: 'Hello, Ada!\n' },
};

function saved(code: string): ExerciseProgress {
  return { exerciseId: exercise.id, code, solved: false, solvedAt: null, updatedAt: '2026-01-01' };
}

/** The lesson's exercise card with the workbench in it, on a fake runtime and API. */
function start(savedCode?: string, serverPasses?: boolean) {
  const runtime = fakeRuntime();
  const calls: ApiCall[] = fakeApi({
    [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
    'GET /api/exercise-progress': () => ({
      exercises: savedCode === undefined ? [] : [saved(savedCode)],
    }),
    [`PUT /api/exercise-progress/${exercise.id}`]: (call) =>
      saved((call.body as { code: string }).code),
    // The server runs the check itself (here: agrees with the browser unless told otherwise).
    [`POST /api/exercise-progress/${exercise.id}/checks`]: (call) => {
      const body = call.body as { code: string; browserPassed: boolean };
      const passed = serverPasses ?? body.browserPassed;
      return {
        passed,
        message: passed ? 'Your output is exactly right.' : 'Your output is not what was expected.',
        progress: { ...saved(body.code), solved: passed },
        version: { id: 'v1', createdAt: '2026-01-01', passed, lineCount: 1 },
      };
    },
  });
  renderPage(
    <RuntimeProvider runtime={runtime}>
      <ExerciseCard
        exercise={exercise}
        number={1}
        runner={<ExerciseWorkbench exercise={exercise} />}
      />
    </RuntimeProvider>,
    '/dashboard/lessons/module1',
  );
  return { runtime, calls };
}

/** The text in the editor (CodeMirror's content element, or its loading placeholder). */
async function editorText() {
  const editor = await screen.findByRole('textbox', { name: `Code for ${exercise.title}` });
  return editor.textContent;
}

/** The result under the output (pass, fail, ...), once there is one of this kind. */
function resultBox(kind: string): HTMLElement {
  const box = document.querySelector<HTMLElement>(`[data-result="${kind}"]`);
  if (!box) throw new Error(`no ${kind} result yet`);
  return box;
}

// CodeMirror measures text; jsdom lays nothing out, so ranges report no boxes at all.
beforeAll(() => {
  Range.prototype.getClientRects = () =>
    Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ExerciseWorkbench', () => {
  it('reveals the hints one at a time, then says there are no more', async () => {
    const user = userEvent.setup();
    start();
    const hint = await screen.findByRole('button', { name: 'Hint' });
    expect(screen.queryByText(/^Hint 1 of 2/)).toBeNull();

    await user.click(hint);
    expect(screen.getByText('Hint 1 of 2')).toBeTruthy();
    expect(screen.queryByText('Hint 2 of 2')).toBeNull();
    const box = screen.getByText('Hint 1 of 2').parentElement as HTMLElement;
    expect(box.querySelector('code')?.textContent).toBe('print');

    await user.click(hint);
    expect(screen.getByText('Hint 2 of 2')).toBeTruthy();
    const done = screen.getByRole('button', { name: 'No more hints' });
    // Unavailable, yet still the focused button (issue 26): a disabled one would drop the focus.
    expect(done.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(done);
  });

  it('shows and hides the solution', async () => {
    const user = userEvent.setup();
    start();
    const toggle = await screen.findByRole('button', { name: 'Show Solution' });
    const solution = screen.getByText('One possible solution').parentElement as HTMLElement;
    expect(solution.hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(solution.hidden).toBe(false);
    expect(toggle.textContent).toBe('Hide Solution');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);
    expect(solution.hidden).toBe(true);
  });

  it('Check runs the code against the exercise and says what is wrong', async () => {
    const user = userEvent.setup();
    const { runtime } = start();
    await user.click(await screen.findByRole('button', { name: 'Check' }));

    const result = await waitFor(() => resultBox('fail'));
    expect(result.textContent).toMatch(/^Not yet\./);
    expect(runtime.requests).toHaveLength(1);
    expect(runtime.requests[0]?.code).toBe(exercise.starter);
    expect(screen.getByText('Expected output')).toBeTruthy();
    expect(screen.queryByTestId('solved-badge')).toBeNull();
  });

  it('Check passes correct code, marks it solved and sends the Check once, as the one write', async () => {
    const user = userEvent.setup();
    const { runtime, calls } = start(exercise.solution);
    await waitFor(async () => expect(await editorText()).toContain('Hello, Ada!'));
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const result = await waitFor(() => resultBox('pass'));
    expect(result.textContent).toMatch(/Correct!/);
    expect(runtime.requests[0]?.code).toBe(exercise.solution);
    expect(screen.getByTestId('solved-badge').textContent).toBe('Solved');
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([
        {
          method: 'POST',
          path: `/api/exercise-progress/${exercise.id}/checks`,
          body: { code: exercise.solution, browserPassed: true },
        },
      ]),
    );
  });

  it('shows the server’s verdict when it differs from the browser’s', async () => {
    const user = userEvent.setup();
    start(exercise.solution, false);
    await waitFor(async () => expect(await editorText()).toContain('Hello, Ada!'));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const result = await waitFor(() => resultBox('fail'));
    expect(result.textContent).toBe(
      'Not yet. The server checked your code: Your output is not what was expected.',
    );
    await waitFor(() => expect(screen.queryByTestId('solved-badge')).toBeNull());
  });

  it('Reset puts the starter code back and clears the output', async () => {
    const user = userEvent.setup();
    start(exercise.solution);
    await waitFor(async () => expect(await editorText()).toContain('Hello, Ada!'));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByLabelText(`Output of ${exercise.title}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByLabelText(`Output of ${exercise.title}`)).toBeNull();
    await waitFor(async () => expect(await editorText()).toBe('# Print the greeting'));
  });

  it('Download .py saves the code as it stands in the editor, named after the exercise', async () => {
    const user = userEvent.setup();
    start(exercise.solution);
    await waitFor(async () => expect(await editorText()).toContain('Hello, Ada!'));
    const saved = catchSavedFiles();
    const button = screen.getByRole('button', { name: 'Download .py' });

    await user.click(button);
    expect(saved.map((f) => f.name)).toEqual(['greeting.py']);
    expect(await saved[0]?.blob.text()).toBe(exercise.solution);

    // Reached and pressed from the keyboard too; the starter it saves now is the editor's text.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(async () => expect(await editorText()).toBe('# Print the greeting'));
    button.focus();
    await user.keyboard('{Enter}');
    expect(saved).toHaveLength(2);
    expect(await saved[1]?.blob.text()).toBe(exercise.starter);
  });
});

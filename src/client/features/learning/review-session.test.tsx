// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewQueueReply } from '#shared/api/review.schema.ts';
import { kitAlertLook, lookOf } from '#client/testing/kit-alert.tsx';
import { fakeApi, renderPage, subscriber } from '#client/testing/render-page.tsx';
import { ReviewSession } from './review-session.tsx';

const queue: ReviewQueueReply = {
  dueCount: 1,
  nextDueAt: null,
  queued: 1,
  questions: [
    {
      quizId: 'first-programs',
      quizTitle: 'First Programs',
      questionIndex: 0,
      questionText: 'What does this program print?\n\nprint("Tea", "biscuits", sep="&")',
      answers: [{ text: 'Tea&biscuits' }, { text: 'Tea & biscuits' }],
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ReviewSession', () => {
  it('asks for an answer first in the kit’s error Alert, read out at once', async () => {
    const calls = fakeApi({
      [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
      [`GET /api/user/${subscriber._id}/review`]: () => queue,
    });
    const kit = kitAlertLook('error');
    renderPage(<ReviewSession />, '/dashboard/review');
    await userEvent.click(await screen.findByRole('button', { name: 'Check answer' }));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Pick an answer first.');
    expect(kit.className).toMatch(/alert/);
    expect(lookOf(alert)).toEqual(kit);
    // Nothing was sent without an answer.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

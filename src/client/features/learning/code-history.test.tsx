// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kitAlertLook, lookOf } from '#client/testing/kit-alert.tsx';
import { fakeApi, renderPage, subscriber } from '#client/testing/render-page.tsx';
import { CodeHistory } from './code-history.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CodeHistory', () => {
  it('says the versions could not be loaded in the kit’s error Alert', async () => {
    // The list's address has no answer here, so the stand-in API answers 404.
    const calls = fakeApi({ [`GET /api/user/${subscriber.googleId}`]: () => subscriber });
    renderPage(<CodeHistory exerciseId="m01-e1-greeting" onRestore={() => {}} />, '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Earlier versions' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your earlier versions could not be loaded.');
    expect(lookOf(alert)).toEqual(kitAlertLook('error'));
    expect(calls.map((call) => call.path)).toContain(
      `/api/user/${subscriber._id}/code-history/m01-e1-greeting`,
    );
  });
});

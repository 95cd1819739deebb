// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnCertificate } from '#shared/api/certificates.schema.ts';
import { USER_STORAGE_KEY } from '#client/features/auth/auth-context.tsx';
import { fakeApi, renderPage, subscriber, type Handler } from '#client/testing/render-page.tsx';
import { AccountDataSection } from './account-data-section.tsx';

/* Issue 37: the account page's "Your data" card against a stand-in of the account API. */

const certificate: OwnCertificate = {
  id: 'c'.repeat(22),
  state: 'valid',
  name: 'Ada L.',
  issuedAt: '2026-03-01T12:00:00.000Z',
  url: `https://indent.dev/certificates/${'c'.repeat(22)}`,
};

function api(held: OwnCertificate | null, extra: Record<string, Handler> = {}) {
  return fakeApi({
    [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
    'GET /api/account/sessions': () => ({ others: 2 }),
    'GET /api/certificates/me': () => ({ certificate: held }),
    'POST /api/logout': () => ({ ok: true }),
    ...extra,
  });
}

const mismatch = () =>
  Response.json(
    {
      error: {
        code: 'email_mismatch',
        message: 'The e-mail address does not match this account; type it exactly to confirm.',
      },
    },
    { status: 400 },
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AccountDataSection', () => {
  it('offers the export as a download link', async () => {
    api(null);
    renderPage(<AccountDataSection />, '/account-details');
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/account/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('counts the other sessions, ends them and shows the new count', async () => {
    const calls = api(null, { 'POST /api/account/sessions/end-others': () => ({ others: 2 }) });
    renderPage(<AccountDataSection />, '/account-details');
    await screen.findByText('You are also signed in on 2 other devices or browsers.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(
      (await screen.findByRole('status')).textContent?.startsWith(
        'Signed out of 2 other sessions.',
      ),
    ).toBe(true);
    expect(screen.getByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Sign out everywhere else' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(calls.filter((c) => c.path === '/api/account/sessions/end-others')).toHaveLength(1);
  });

  it('asks for the e-mail, shows the server’s refusal inline, then deletes and signs out', async () => {
    let answer: Handler = mismatch;
    const calls = api(certificate, { 'POST /api/account/delete': (call) => answer(call) });
    renderPage(<AccountDataSection />, '/account-details');
    const input = await screen.findByLabelText('Type your e-mail address to confirm');
    const remove = screen.getByRole('button', { name: 'Delete my account' });

    await userEvent.click(remove);
    expect(await screen.findByText('Type your e-mail address to confirm.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/account/delete')).toBe(false);

    await userEvent.type(input, 'someone@example.com');
    await userEvent.click(remove);
    await screen.findByText(
      'The e-mail address does not match this account; type it exactly to confirm.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();

    // The certificate is asked about because there is one.
    await userEvent.click(await screen.findByRole('radio', { name: /^Withdraw it/ }));
    await userEvent.clear(input);
    await userEvent.type(input, subscriber.email);
    answer = () => ({ deleted: true, signOut: true });
    await userEvent.click(remove);
    await screen.findByText('Another page');
    expect(calls.filter((c) => c.path === '/api/account/delete').at(-1)?.body).toEqual({
      email: subscriber.email,
      certificate: 'withdraw',
    });
    await waitFor(() => expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull());
    expect(calls.some((c) => c.path === '/api/logout')).toBe(true);
  });

  it('asks nothing about a certificate the learner does not hold, and keeps nothing to withdraw', async () => {
    const calls = api(null, {
      'POST /api/account/delete': () => ({ deleted: true, signOut: true }),
    });
    renderPage(<AccountDataSection />, '/account-details');
    const input = await screen.findByLabelText('Type your e-mail address to confirm');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/certificates/me')).toBe(true));
    expect(screen.queryByRole('radio')).toBeNull();
    await userEvent.type(input, subscriber.email);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText('Another page');
    expect(calls.find((c) => c.path === '/api/account/delete')?.body).toEqual({
      email: subscriber.email,
      certificate: 'keep',
    });
  });
});

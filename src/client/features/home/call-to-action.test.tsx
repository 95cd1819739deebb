// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, USER_STORAGE_KEY } from '#client/features/auth/auth-context.tsx';
import { fakeApi, subscriber } from '#client/testing/render-page.tsx';
import { CallToAction } from './call-to-action.tsx';

/*
 * The home page's second call-to-action hydrates late, when the auth context already holds the
 * stored subscriber (issue 36). Its first render must still be the pre-rendered "Buy Now".
 */

const page = (drawnFor?: string) => (
  <MemoryRouter>
    <AuthProvider drawnFor={drawnFor}>
      <CallToAction />
    </AuthProvider>
  </MemoryRouter>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('CallToAction', () => {
  it('hydrates as drawn even when the user it is drawn with is a subscriber, then says Dashboard', async () => {
    fakeApi({ 'GET /api/user/*': () => subscriber });
    const user = JSON.stringify(subscriber);
    localStorage.setItem(USER_STORAGE_KEY, user);
    // The worst case: the user is known during the hydration itself, as in a boundary that
    // hydrates after the auth context has read the stored user.
    const html = renderToString(page(user));
    expect(html).toContain('Buy Now');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, page(user), { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveProperty(
      'pathname',
      '/dashboard',
    );
  });

  it('says Buy Now to a visitor', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveProperty('pathname', '/pricing');
  });
});

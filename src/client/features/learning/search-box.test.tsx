// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/testing/render-page.tsx';
import { SearchBox } from './search-box.tsx';

const page = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter>
      <SearchBox />
    </MemoryRouter>
  </QueryClientProvider>
);

const reply = {
  results: [
    {
      kind: 'section',
      href: '/dashboard/lessons/module5#dictionaries',
      title: 'Dictionaries',
      label: 'Module 5',
      snippetHtml: 'A <mark>dictionary</mark> maps keys to values.',
    },
  ],
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the course search on a page the server drew', () => {
  it('searches for what was typed before the app started, once it has', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const calls = fakeApi({ 'GET /api/search*': () => reply });
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page());
    // The learner types into the drawn field while the app's scripts are still on their way.
    const field = container.querySelector('input');
    if (!field) throw new Error('no search field drawn');
    field.focus();
    field.value = 'dictionary';

    await act(async () => {
      root = hydrateRoot(container, page());
    });

    expect(await screen.findByRole('link', { name: 'Dictionaries' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/search?q=dictionary']);
    expect(field.value).toBe('dictionary');
  });

  it('does nothing on a field left empty', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const calls = fakeApi({ 'GET /api/search*': () => reply });
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page());

    await act(async () => {
      root = hydrateRoot(container, page());
    });

    expect(screen.getByRole('searchbox', { name: 'Search the course' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

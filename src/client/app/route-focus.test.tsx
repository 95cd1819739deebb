// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { RouteFocus } from './route-focus.tsx';

/*
 * The route-change focus (issue 26) stays for everyone; its ring only after keyboard use (issue 36).
 * jsdom draws nothing, so the test asks whether global.css's ring rule matches the heading.
 */

const css = readFileSync('src/client/styles/global.css', 'utf8');
const RING = ":root:not([data-input='pointer']) h1[tabindex='-1']:focus";
const NO_RING = ":root[data-input='pointer'] h1[tabindex='-1']:focus";

function Page({ title, to }: { title: string; to: string }) {
  return (
    <>
      <h1>{title}</h1>
      <Link to={to}>Go to {to}</Link>
    </>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <RouteFocus mainId="main" />
      <main id="main">
        <Routes>
          <Route path="/" element={<Page key="home" title="Home" to="/pricing" />} />
          <Route path="/pricing" element={<Page key="pricing" title="Pricing" to="/" />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.input;
});

describe('RouteFocus', () => {
  it('keeps the ring rules global.css is read by', () => {
    expect(css).toContain(`${RING},`);
    expect(css).toContain(`${NO_RING},`);
  });

  it('focuses the new heading after a click, without the ring', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Go to /pricing' }));
    const heading = await screen.findByRole('heading', { name: 'Pricing' });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(document.documentElement.dataset.input).toBe('pointer');
    expect(heading.matches(RING)).toBe(false);
    expect(heading.matches(NO_RING)).toBe(true);
  });

  it('focuses the new heading after the keyboard, with the ring', async () => {
    const user = userEvent.setup();
    renderApp();
    // A click first: the keyboard afterwards is what counts.
    await user.click(document.body);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Go to /pricing' }));
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Pricing' });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(document.documentElement.dataset.input).toBe('keyboard');
    expect(heading.matches(RING)).toBe(true);
    expect(heading.matches(NO_RING)).toBe(false);
  });

  it('treats a key held for a click (Ctrl+click) as the mouse', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(document.body);
    await user.keyboard('{Control>}');
    expect(document.documentElement.dataset.input).toBe('pointer');
    await user.keyboard('{/Control}');
  });
});

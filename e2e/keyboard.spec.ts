import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * The whole journey by keyboard (issue 26): buy, lesson, exercise, quiz and back, with nothing but
 * page.keyboard after one page load, counting the Tab presses of each step; then the properties the
 * journey relies on, each on its own: focus never under the sticky navbar, Escape closes the phone
 * menu and the contact dialog and gives the focus back, a page change focuses the new heading.
 */

/** axe finds nothing; on a finding, the message names the elements, not only the rule. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`));
  expect(found, `axe on ${page.url()}`).toEqual([]);
}

/** What has the focus, as a keyboard user would hear it (role, then name). */
interface Focus {
  tag: string;
  role: string;
  name: string;
  inEditor: boolean;
}

async function focused(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return { tag: '', role: '', name: '', inEditor: false };
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelledBy ? (document.getElementById(labelledBy)?.textContent ?? '') : null) ??
      el.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? '',
      name: name.replace(/\s+/g, ' ').trim(),
      inEditor: el.closest('.cm-editor') !== null,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focus matches, and returns how many presses it took. Inside
 * a code editor Tab indents, so Escape comes first there, as the editor's help text tells people.
 */
async function tabUntil(
  page: Page,
  matches: (focus: Focus) => boolean,
  limit: number,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<number> {
  const seen: string[] = [];
  for (let presses = 1; presses <= limit; presses++) {
    if ((await focused(page)).inEditor) await page.keyboard.press('Escape');
    await page.keyboard.press(key);
    const focus = await focused(page);
    if (matches(focus)) return presses;
    seen.push(`${focus.tag}${focus.role ? `[${focus.role}]` : ''} ${focus.name.slice(0, 40)}`);
  }
  throw new Error(`Not reached in ${limit} presses of ${key}; the focus went:\n${seen.join('\n')}`);
}

const isControl =
  (tag: 'a' | 'button', name: string | RegExp) =>
  (focus: Focus): boolean =>
    focus.tag === tag && (typeof name === 'string' ? focus.name === name : name.test(focus.name));

/** The focus ring of the focused element is drawn (not `outline: none`). */
async function expectVisibleRing(page: Page) {
  const outline = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return { style: 'none', width: 0 };
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

/** The page-change announcement of the site layout (app/route-focus.tsx). */
const routeStatus = (page: Page) => page.locator('#main ~ p[role="status"]');

/** After a page change inside the app: the new page's h1 has the focus and the title is read out. */
async function expectLandedOn(page: Page, heading: string | RegExp, title: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  await expectVisibleRing(page);
  await expect(routeStatus(page)).toHaveText(title);
}

test('the whole journey by keyboard: buy, lesson, exercise, quiz, dashboard', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A context of our own (not the page fixture) so axe can open its helper frames.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const tabs: Record<string, number> = {};
  const keys = page.keyboard;

  await page.goto('/pricing');
  await expectNoAxeViolations(page);
  tabs['pricing: to Buy Now'] = await tabUntil(page, isControl('button', 'Buy Now'), 40);
  await keys.press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  await expectLandedOn(page, /./, /Log In \| Indent/);
  await expectNoAxeViolations(page);
  tabs['login: to Continue with Google'] = await tabUntil(
    page,
    isControl('button', 'Continue with Google'),
    40,
  );
  await keys.press('Enter');

  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await expectNoAxeViolations(page);
  tabs['dev sign-in: to Name'] = await tabUntil(page, (f) => f.tag === 'input', 40);
  await keys.type('Ada Keyboard');
  await keys.press('Tab');
  await keys.type(freshEmail('ada'));
  await keys.press('Enter');

  // Back on pricing with the 'subscribe' action, checkout starts by itself.
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
  await expect(page.getByRole('button', { name: 'Pay $489.00' })).toBeVisible();
  await expectNoAxeViolations(page);
  tabs['demo checkout: to Pay'] = await tabUntil(page, isControl('button', /^Pay \$/), 40);
  await keys.press('Enter');

  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expectNoAxeViolations(page);
  tabs['payment success: to Go to Dashboard'] = await tabUntil(
    page,
    isControl('a', 'Go to Dashboard'),
    40,
  );
  await keys.press('Enter');

  await expectLandedOn(page, 'Dashboard', 'Dashboard | Indent');
  await expectNoAxeViolations(page);
  tabs['dashboard: to Module 3'] = await tabUntil(
    page,
    isControl('button', /Module 3: Control Flow/),
    60,
  );
  await keys.press('Enter');
  tabs['dashboard: to the module 3 lesson'] = await tabUntil(
    page,
    isControl('a', 'Control Flow Lesson'),
    10,
  );
  await keys.press('Enter');

  // The lesson: its h1 has the focus, which is the top of the lesson for the Tab count.
  await expectLandedOn(page, 'Control Flow', 'Control Flow Lesson | Indent');
  const editorName = 'Code for Cinema ticket prices';
  const editor = page.getByRole('textbox', { name: editorName });
  await expect(editor).toBeVisible();
  // Every code block that is a tab stop scrolls, and has a role and a name.
  const stops = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#main pre')]
      .filter((pre) => pre.tabIndex === 0)
      .map((pre) => ({
        scrolls: pre.scrollWidth > pre.clientWidth || pre.scrollHeight > pre.clientHeight,
        role: pre.getAttribute('role'),
        name: pre.getAttribute('aria-label'),
      })),
  );
  for (const stop of stops) {
    expect(stop.scrolls).toBe(true);
    expect(stop.role).toBeTruthy();
    expect(stop.name).toBeTruthy();
  }
  await expectNoAxeViolations(page);

  // From the top of the lesson: the shortcut to the exercises, then on to the first editor.
  tabs['lesson top: to the exercises shortcut'] = await tabUntil(
    page,
    isControl('a', 'Go to the practice exercises'),
    10,
  );
  await keys.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Practice exercises' })).toBeFocused();
  tabs['lesson: exercises heading to the first editor'] = await tabUntil(
    page,
    (f) => f.inEditor && f.name === editorName,
    20,
  );
  const toEditor =
    tabs['lesson top: to the exercises shortcut'] +
    tabs['lesson: exercises heading to the first editor'];
  expect(toEditor).toBeLessThanOrEqual(40);

  // Type a program over the starter and run it with Ctrl+Enter. It prints without asking for
  // input (with an `if`, as the exercise asks), and the adult line is wrong for Check's other ages:
  // Check fails and says what it expected.
  await keys.press('Control+a');
  await keys.type('print("Adult ticket: 10" if True else "")');
  await keys.press('Control+Enter');
  const card = page.getByRole('article', { name: /Cinema ticket prices/ });
  await expect(card.getByRole('group', { name: 'Output of Cinema ticket prices' })).toHaveText(
    'Adult ticket: 10',
    { timeout: 60_000 },
  );
  // The result is brought into view while the focus stays in the editor.
  await expect(card.locator('[data-result]')).toBeInViewport();
  await expect(editor).toBeFocused();

  // Leave the editor (Escape, then Tab) and press Check: the focus stays on Check throughout.
  await keys.press('Escape');
  tabs['editor: to Check'] = await tabUntil(page, isControl('button', 'Check'), 10);
  await keys.press('Enter');
  const check = card.getByRole('button', { name: 'Check' });
  await expect(card.locator('[data-result="fail"]')).toBeVisible({ timeout: 60_000 });
  await expect(check).toBeFocused();
  await expect(check).toBeInViewport();
  await expect(card.locator('[data-result]')).toBeInViewport();
  // A screen reader hears what was expected, not only 'Not yet'.
  await expect(card.locator('p[aria-live][aria-atomic]')).toContainText(
    /Expected output: .+\. Your output: Adult ticket: 10\./,
  );

  // Hint three times: the third leaves the button unavailable, but it keeps the focus.
  tabs['Check: to Hint'] = await tabUntil(page, isControl('button', 'Hint'), 5);
  for (let press = 0; press < 3; press++) await keys.press('Enter');
  const done = card.getByRole('button', { name: 'No more hints' });
  await expect(done).toBeFocused();
  await expect(done).toHaveAttribute('aria-disabled', 'true');
  await expect(done).toBeInViewport();
  await expect(card.getByText('Hint 3 of 3')).toBeVisible();
  await expectNoAxeViolations(page);

  // For the record, the path without the shortcut: back up to the shortcuts (just under the h1),
  // then Tab only, through every example's Copy and Try it and every checkpoint, to the editor.
  tabs['Hint: Shift+Tab back to the lesson shortcuts'] = await tabUntil(
    page,
    isControl('a', 'Go to the recap'),
    200,
    'Shift+Tab',
  );
  // h1 -> 'Go to the practice exercises' -> 'Go to the recap' are the first two presses: the
  // exercises shortcut is the first stop after the h1, and the recap's comes right after it.
  expect(tabs['lesson top: to the exercises shortcut']).toBe(1);
  await keys.press('Shift+Tab');
  expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Go to the practice exercises' });
  await keys.press('Tab');
  const tabAlone = 2 + (await tabUntil(page, (f) => f.inEditor && f.name === editorName, 200));
  tabs['lesson top: to the first editor by Tab alone (no shortcut)'] = tabAlone;
  // Both figures are printed before they are judged, so a failing run still reports them.
  console.log(
    `Module 3 lesson, top to the first editor: ${toEditor} Tab presses through the shortcut ` +
      `(at most 40), ${tabAlone} by Tab alone (no shortcut)`,
  );
  test.info().annotations.push({
    type: 'lesson-to-editor',
    description: JSON.stringify({ shortcut: toEditor, tabAlone }),
  });
  // The shortcut is the way documented for keyboard users; Tab alone passes every example's Copy
  // and Try it and every checkpoint, but no longer every code block (147 before issue 26).
  expect(tabAlone).toBeGreaterThan(toEditor);
  expect(tabAlone).toBeLessThan(147);

  // Back up to the topbar's link to the dashboard.
  tabs['editor: Shift+Tab back to the dashboard link'] = await tabUntil(
    page,
    isControl('a', /dashboard/i),
    200,
    'Shift+Tab',
  );
  await keys.press('Enter');
  await expectLandedOn(page, 'Dashboard', 'Dashboard | Indent');

  tabs['dashboard: to Module 3 again'] = await tabUntil(
    page,
    isControl('button', /Module 3: Control Flow/),
    60,
  );
  await keys.press('Enter');
  tabs['dashboard: to the first module 3 quiz'] = await tabUntil(
    page,
    isControl('a', 'Comparisons and Logic Quiz'),
    10,
  );
  await keys.press('Enter');

  await expectLandedOn(page, 'Comparisons and Logic Quiz', /Comparisons and Logic Quiz \| Indent/);
  await expectNoAxeViolations(page);
  const counter = page.locator('header p[role="status"]');
  await expect(counter).toHaveText(/^Question 1\/\d+$/);
  const total = Number((await counter.textContent())?.split('/')[1]);
  let quizTabs = 0;
  for (let q = 1; q <= total; q++) {
    await expect(counter).toHaveText(`Question ${q}/${total}`);
    quizTabs += await tabUntil(page, (f) => f.tag === 'input', 10);
    await keys.press('Space');
    quizTabs += await tabUntil(page, isControl('button', /^(Next Question|Submit Quiz)$/), 5);
    await keys.press('Enter');
  }
  tabs[`quiz: all ${total} questions`] = quizTabs;

  const results = page.getByRole('heading', { level: 1, name: 'Your Quiz Results' });
  await expect(results).toBeFocused();
  await expectVisibleRing(page);
  await expect(page.locator('section p[role="status"]')).toHaveText(
    /^Quiz submitted\. Your score: \d+%\.$/,
  );
  await expectNoAxeViolations(page);

  tabs['results: to Return to Dashboard'] = await tabUntil(
    page,
    isControl('a', 'Return to Dashboard'),
    5,
  );
  await keys.press('Enter');
  await expectLandedOn(page, 'Dashboard', 'Dashboard | Indent');

  // The figures for the issue: one line per step.
  const lines = Object.entries(tabs).map(([step, n]) => `${String(n).padStart(4)}  ${step}`);
  console.log(`Tab presses per step (keyboard journey):\n${lines.join('\n')}`);
  test.info().annotations.push({ type: 'tab-counts', description: JSON.stringify(tabs) });
  await context.close();
});

for (const width of [1280, 360]) {
  test(`Shift+Tab never leaves the focus under the navbar (${width} px)`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    // Signing in waits for the navbar's greeting, which a phone shows only in the open menu.
    await becomeSubscriber(page, 'Nia Navbar', freshEmail(`nia${width}`));
    // Some progress (module 3's lesson opened), so the dashboard shows "Continue where you left
    // off", the link issue 26 saw scrolled under the bar.
    expect((await page.request.get('/api/lessons/module3')).ok()).toBe(true);
    await page.setViewportSize({ width, height: 720 });

    /**
     * From the element that has the focus, Shift+Tab `presses` times, checking each stop; returns
     * what was checked (tag and text), so a test can tell a given control was among them.
     */
    async function walkBack(presses: number): Promise<string[]> {
      const checked: string[] = [];
      for (let i = 0; i < presses; i++) {
        if ((await focused(page)).inEditor) await page.keyboard.press('Escape');
        await page.keyboard.press('Shift+Tab');
        const place = await page.evaluate(() => {
          const el = document.activeElement;
          const header = document.querySelector('header');
          // The skip link shows above the navbar (z-index) when focused: not hidden by it.
          if (!el || !header || header.contains(el) || el.matches('.skip-link, body')) return null;
          // Scrolling into view may be smooth: measure once it has settled.
          return new Promise<{ top: number; bar: number; what: string }>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve({
                  top: el.getBoundingClientRect().top,
                  bar: header.getBoundingClientRect().bottom,
                  what: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 40)}`,
                }),
              ),
            ),
          );
        });
        if (place === null) continue;
        expect(place.top, `${place.what} is under the navbar`).toBeGreaterThanOrEqual(place.bar);
        checked.push(place.what);
      }
      return checked;
    }

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const resume = page.getByRole('link', { name: /^Continue where you left off: / });
    await expect(resume).toHaveText(
      'Continue where you left off: Exercise 1 of Control Flow: Cinema ticket prices',
    );
    await page.getByRole('button', { name: /^Module 3: Control Flow/ }).click();
    await page.getByRole('button', { name: /^Module 15: / }).focus();
    await page.keyboard.press('Enter');
    await page.locator('footer').getByRole('button', { name: 'Contact Us' }).focus();
    // From the footer all the way up: every module button, the widgets, and the link.
    const dashboard = await walkBack(60);
    const walked = dashboard.join('\n');
    expect(
      dashboard.some((what) => what.startsWith('A Continue where you left off')),
      walked,
    ).toBe(true);
    expect(
      dashboard.some((what) => /^BUTTON \d*Module 1: /.test(what)),
      walked,
    ).toBe(true);

    await page.goto('/dashboard/lessons/module3');
    const last = page.getByRole('link', { name: 'Return to Dashboard' });
    await expect(last).toBeVisible();
    await last.focus();
    await walkBack(80);
    await context.close();
  });
}

test('Escape closes the phone menu and the contact dialog and gives the focus back', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 720 } });
  const page = await context.newPage();
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Tab from the top of the page to the menu button: skip link, wordmark, Menu.
  await tabUntil(page, (f) => f.tag === 'button' && f.name === 'Menu', 5);
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeHidden();
  await expect(menu).toBeFocused();

  // Open again and Tab out of its last item: it closes once the focus has left it.
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await tabUntil(page, (f) => f.name === 'Log In', 6);
  await page.keyboard.press('Tab');
  expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // The contact dialog: View Email Address keeps the focus, Escape gives it back to Contact Us.
  const contact = page.getByRole('button', { name: 'Contact Us' });
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(contact).toBeAttached();
  await contact.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const view = dialog.getByRole('button', { name: 'View Email Address' });
  await expect(view).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('link', { name: /@/ })).toBeVisible();
  await expect(view).toBeFocused();
  await expect(view).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(contact).toBeFocused();
  await context.close();
});

test('a page change inside the app focuses the new heading and reads out the title', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const pricing = nav.getByRole('link', { name: 'Pricing' });
  await tabUntil(page, (f) => f.tag === 'a' && f.name === 'Pricing', 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pricing$/);
  await expectLandedOn(page, /./, 'Pricing | Indent');
  // The next Tab starts at the top of the new page, not at the link that was followed.
  await page.keyboard.press('Tab');
  expect(await pricing.evaluate((el) => el === document.activeElement)).toBe(false);
  expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(false);

  // A mouse user's page change moves the focus too, without drawing a ring around the heading.
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(routeStatus(page)).toHaveText(/Indent/);
  expect(
    await page.evaluate(() =>
      document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : '',
    ),
  ).toBe('none');
});

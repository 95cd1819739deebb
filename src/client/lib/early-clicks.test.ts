// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyClicks } from './early-clicks.ts';

afterEach(() => {
  document.body.replaceChildren();
});

/** A pre-rendered page: a root with two buttons and a form, and a button outside the root. */
function page() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="buy">Buy Now</button>
      <button type="button" id="toggle"><span id="label">Module 2</span></button>
      <form><button id="send">Send</button></form>
    </div>
    <button type="button" id="outside">Outside</button>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  const clicked: string[] = [];
  // What the app does once it runs: its handlers are attached only after the clicks were held.
  const attachApp = () => {
    for (const id of ['buy', 'toggle', 'send', 'outside']) {
      document.getElementById(id)?.addEventListener('click', () => clicked.push(id));
    }
  };
  const button = (id: string) => {
    const found = document.getElementById(id);
    if (!(found instanceof HTMLButtonElement)) throw new Error(`no button #${id}`);
    return found;
  };
  return { root, clicked, attachApp, button };
}

describe('clicks on a pre-rendered page before the app runs (decision 0021)', () => {
  it('are given to the same buttons, in order, once the app runs, and only once', () => {
    const { root, clicked, attachApp, button } = page();
    const replay = holdEarlyClicks(root);
    button('toggle').click();
    document.getElementById('label')?.click();
    button('buy').click();
    expect(clicked).toEqual([]);
    // React listens on the root as soon as hydration begins: it must not see a click given again later.
    const seenByRoot: string[] = [];
    root.addEventListener('click', () => seenByRoot.push('root'), true);
    button('buy').click();
    expect(seenByRoot).toEqual([]);

    attachApp();
    replay();
    expect(clicked).toEqual(['toggle', 'toggle', 'buy', 'buy']);
    expect(seenByRoot).toEqual(['root', 'root', 'root', 'root']);

    // Once the app runs, clicks go straight to it and are not held or repeated.
    button('buy').click();
    replay();
    expect(clicked).toEqual(['toggle', 'toggle', 'buy', 'buy', 'buy']);
  });

  it('keep a submit button from sending its form as a page load', () => {
    const { root, button } = page();
    holdEarlyClicks(root);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('send').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it('leave alone buttons outside the app and skip buttons the app removed or disabled', () => {
    const { root, clicked, attachApp, button } = page();
    const replay = holdEarlyClicks(root);
    const outside = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('outside').dispatchEvent(outside);
    expect(outside.defaultPrevented).toBe(false);
    button('buy').click();
    button('toggle').click();

    attachApp();
    button('buy').disabled = true;
    button('toggle').remove();
    replay();
    expect(clicked).toEqual([]);
  });

  it('hold no more than ten', () => {
    const { root, clicked, attachApp, button } = page();
    const replay = holdEarlyClicks(root);
    for (let i = 0; i < 25; i += 1) button('toggle').click();
    attachApp();
    replay();
    expect(clicked).toHaveLength(10);
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

afterEach(cleanup);

/** A button that turns busy when pressed, as Run does while the program runs. */
function TurnsBusy({ onPress }: { onPress: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      busy={busy}
      onClick={() => {
        onPress();
        setBusy(true);
      }}
    >
      Run
    </Button>
  );
}

describe('Button busy and unavailable', () => {
  it('keeps the focus when it turns busy, says so, and ignores presses meanwhile', async () => {
    const user = userEvent.setup();
    let presses = 0;
    render(<TurnsBusy onPress={() => presses++} />);
    const button = screen.getByRole('button', { name: 'Run' });
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(presses).toBe(1);
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(presses).toBe(1);
  });

  it('unavailable is aria-disabled without busy, and a submit button does not submit', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted++;
        }}
      >
        <Button type="submit" unavailable>
          No more hints
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'No more hints' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await user.click(button);
    expect(submitted).toBe(0);
  });

  it('an available button has neither attribute and acts', async () => {
    const user = userEvent.setup();
    let presses = 0;
    render(<Button onClick={() => presses++}>Hint</Button>);
    const button = screen.getByRole('button', { name: 'Hint' });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await user.click(button);
    expect(presses).toBe(1);
  });
});

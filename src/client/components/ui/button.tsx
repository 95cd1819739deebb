import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';
/** `sm` for tool rows (the runner), `md` for page actions, `lg` for the one call to action of a card. */
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches to the width of its container (the actions of a narrow card). */
  block?: boolean;
  className?: string;
}

/** The class list of a button or link with this look, for the rare element that is neither. */
export function buttonClass({ variant = 'primary', size = 'md', block, className }: Look): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

/**
 * A button that cannot act right now but must keep the focus if it has it. A native `disabled`
 * button drops the focus to the page when it turns disabled (Check while the program runs, the last
 * Hint), so the next Tab starts somewhere else (issue 26). These use `aria-disabled` instead: still
 * focusable and announced as unavailable, and a click or Enter does nothing.
 */
interface Availability {
  /** Working on it (a run, a submission): unavailable and announced as busy (`aria-busy`). */
  busy?: boolean;
  /** Nothing more to do here for now (no more hints): unavailable, not busy. */
  unavailable?: boolean;
}

/**
 * The site's button. `type` defaults to "button", so a button inside a form never submits it by
 * accident; pass `type="submit"` for the one that should. Prefer `busy` or `unavailable` over
 * `disabled` for a button that may have the focus when it stops being usable.
 */
export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  busy = false,
  unavailable = false,
  onClick,
  ...rest
}: Look & Availability & ButtonHTMLAttributes<HTMLButtonElement>) {
  const inactive = busy || unavailable;
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, className })}
      {...rest}
      aria-disabled={inactive || rest['aria-disabled'] ? true : undefined}
      aria-busy={busy || rest['aria-busy'] ? true : undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (inactive) {
          // Also stops a submit button from submitting its form.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}

/** A router link that looks like a Button: for actions that go to another page. */
export function ButtonLink({
  variant,
  size,
  block,
  className,
  ...rest
}: Look & LinkProps & { children: ReactNode }) {
  return <Link className={buttonClass({ variant, size, block, className })} {...rest} />;
}

import type { ButtonHTMLAttributes, ReactNode } from 'react';
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
 * The site's button. `type` defaults to "button", so a button inside a form never submits it by
 * accident; pass `type="submit"` for the one that should.
 */
export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...rest
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={buttonClass({ variant, size, block, className })} {...rest} />
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

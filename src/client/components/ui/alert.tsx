import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'error' | 'success' | 'info';

/**
 * A coloured message box. An error that appears on its own (a failed load or send) is a `role="alert"`
 * and is read out at once; success and info news is a polite `role="status"`. Pass `live={false}`
 * for a box that is part of the page from the start and needs no announcement.
 */
export function Alert({
  tone,
  live = true,
  className,
  children,
}: {
  tone: AlertTone;
  live?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const role = !live ? undefined : tone === 'error' ? 'alert' : 'status';
  return (
    <div
      role={role}
      className={[styles.alert, styles[tone], className ?? ''].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}

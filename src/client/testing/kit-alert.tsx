/*
 * Component-test support: the box the kit's Alert draws for a tone, so a test can tell that a
 * page's message is that Alert (the same role and classes), not a look copied into a feature's CSS.
 */
import { render } from '@testing-library/react';
import { Alert, type AlertTone } from '#client/components/ui/alert.tsx';

export interface AlertLook {
  role: string | null;
  className: string;
}

export function lookOf(element: Element): AlertLook {
  return { role: element.getAttribute('role'), className: element.className };
}

export function kitAlertLook(tone: AlertTone): AlertLook {
  const { container, unmount } = render(
    <Alert tone={tone}>
      <p>kit</p>
    </Alert>,
  );
  const look = lookOf(container.firstElementChild as Element);
  unmount();
  return look;
}

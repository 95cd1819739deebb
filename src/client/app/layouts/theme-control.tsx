import { useId, useSyncExternalStore } from 'react';
import { isThemeChoice, type ThemeChoice } from '#shared/theme.ts';
import { applyThemeChoice, onThemeChange, readThemeChoice } from '#client/lib/theme.ts';
import styles from './theme-control.module.css';

const LABELS: Record<ThemeChoice, string> = {
  system: 'Theme: device',
  light: 'Theme: light',
  dark: 'Theme: dark',
};

/**
 * The navbar's theme control (decision 0018): follow the device, or always light, or always dark,
 * remembered on this device. A native select: one tab stop, arrow keys and touch work everywhere.
 * Pre-rendered pages show "device" until hydrated (the server cannot know the stored choice); the
 * page's colours are right from the first paint all the same (the boot script in index.html).
 */
export function ThemeControl() {
  const id = useId();
  const choice = useSyncExternalStore(onThemeChange, readThemeChoice, () => 'system' as const);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Colour theme
      </label>
      <select
        id={id}
        className={styles.select}
        value={choice}
        onChange={(event) => {
          if (isThemeChoice(event.target.value)) applyThemeChoice(event.target.value);
        }}
      >
        {(Object.keys(LABELS) as ThemeChoice[]).map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </>
  );
}

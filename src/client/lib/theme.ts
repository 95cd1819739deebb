/*
 * The learner's theme choice on this device (decision 0018). The stylesheet does the work: this only
 * stores the choice, sets `data-theme` on <html> (as the boot script in index.html does before the
 * first paint), and tells the canvas pictures (globe, gradient) when the colours change, since they
 * read them from the tokens once instead of through CSS.
 */
import { isThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from '#shared/theme.ts';

const CHANGE_EVENT = 'indent:theme-change';

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode, blocked): the choice still holds for this page.
  }
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  document.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls `listener` whenever the colours may have changed: a new choice, or the device switching. */
export function onThemeChange(listener: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', listener);
  document.addEventListener(CHANGE_EVENT, listener);
  return () => {
    media.removeEventListener('change', listener);
    document.removeEventListener(CHANGE_EVENT, listener);
  };
}

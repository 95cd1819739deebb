/*
 * Dark mode (issue 22, decision 0018). The stylesheet follows `prefers-color-scheme` by itself; a
 * learner who picks Light or Dark in the navbar overrides it with `data-theme` on <html>, remembered
 * in localStorage on this device. The boot script below runs in <head> before the first paint, so a
 * pre-rendered page never flashes the other theme; it is inline (no extra request before paint) and
 * allowed by its hash in the Content-Security-Policy (src/server/platform/security-headers.ts), never
 * by 'unsafe-inline'. src/client/index.html holds exactly this text (a test keeps them equal).
 */

/** The localStorage key of the learner's choice. */
export const THEME_STORAGE_KEY = 'indent-theme';

/** 'system' follows the device; the others override it. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * Sets `data-theme` from the stored choice. Storage can throw (blocked cookies, private modes), and
 * then the page simply follows the device.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

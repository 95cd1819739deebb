import { jsonInHtml } from './html.ts';

/**
 * How a page tells the app's entry (src/client/main.tsx) where the app is: a JSON data block, never
 * run (so the Content-Security-Policy does not apply to it), written into each built page by
 * scripts/prerender.ts. Decision 0021.
 */
export const APP_BOOT_ID = 'app-boot';

export interface AppBoot {
  /** The built address of src/client/app/start.tsx, which starts the app. */
  start: string;
  /** Chunks to preload once a pre-rendered page has been painted (empty in app shells). */
  chunks: string[];
  /**
   * The user a page was drawn for on the server (a subscriber's lesson, decision 0023), as the JSON
   * the app keeps in localStorage. Absent on pages that are the same for everyone. The app hydrates
   * such a page only when the same person is stored on the device; otherwise it draws it afresh.
   */
  user?: string;
  /**
   * The GET requests the app makes first on a page drawn on the server (decision 0023), started by
   * main.tsx once the page has painted, so they do not compete with it. The app takes their answers
   * as it takes the app shell's early ones (src/client/lib/early-data.ts).
   */
  data?: string[];
}

/** The boot block itself, as it stands in a page's head (its JSON cannot close the element). */
export function appBootBlock(boot: AppBoot): string {
  return `<script type="application/json" id="${APP_BOOT_ID}">${jsonInHtml(boot)}</script>`;
}

/** Reads a page's boot block; undefined for a page without one (the development server's). */
export function readAppBoot(text: string | null | undefined): AppBoot | undefined {
  if (!text) return undefined;
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { start, chunks, user, data } = parsed as Record<string, unknown>;
  if (typeof start !== 'string' || !Array.isArray(chunks)) return undefined;
  const strings = (list: unknown[]) =>
    list.filter((item): item is string => typeof item === 'string');
  return {
    start,
    chunks: strings(chunks),
    ...(typeof user === 'string' ? { user } : {}),
    ...(Array.isArray(data)
      ? { data: strings(data).filter((url) => url.startsWith('/api/')) }
      : {}),
  };
}

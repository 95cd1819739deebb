import { vi } from 'vitest';

/**
 * The files the page saved through the browser's download link (jsdom downloads nothing and has no
 * object URLs): each one's name and blob, in order. Undone by `vi.restoreAllMocks()` and
 * `vi.unstubAllGlobals()`.
 */
export function catchSavedFiles(): { name: string; blob: Blob }[] {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob }[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL(blob: Blob) {
        const url = `blob:test/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL(url: string) {
        blobs.delete(url);
      },
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob && this.download) saved.push({ name: this.download, blob });
  });
  return saved;
}

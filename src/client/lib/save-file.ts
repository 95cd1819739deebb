/*
 * Saving something the page made (a project's program) as a file on the learner's device. The
 * browser writes it from memory, so it works offline and sends nothing anywhere. The same signature
 * as branch `fresh`'s save-file.ts (the exercise workbench's Download .py), so the two merge as one.
 */

/** Starts the browser's download of `blob` under the name `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked a moment later: revoking at once can cancel the download before it has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Text saved as a UTF-8 file (`type` is its media type, such as `text/x-python`). */
export function saveTextFile(text: string, name: string, type = 'text/plain'): void {
  saveFile(new Blob([text], { type: `${type};charset=utf-8` }), name);
}

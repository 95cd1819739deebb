/*
 * Saving something the page made (an exercise's code, a turtle drawing) as a file on the learner's
 * device. The browser writes it from memory, so it works offline and sends nothing anywhere.
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

/**
 * The file name for an exercise's code: its id without the `mNN-eK-` that places it in the course,
 * with underscores for hyphens, as a module's name needs them to be imported (Module 10):
 * `m06-e2-file-extension` saves as `file_extension.py`.
 */
export function exerciseFileName(exerciseId: string): string {
  const slug = exerciseId.replace(/^m\d+-e\d+-/, '').replace(/[^A-Za-z0-9]+/g, '_');
  return `${slug.replace(/^_+|_+$/g, '') || 'exercise'}.py`;
}

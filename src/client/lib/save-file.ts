/**
 * Saves `text` as a file called `name` on the learner's computer, as the browser saves a download.
 * One small function so every "Download" button (a project's program, an exercise's .py) shares it.
 */
export function saveTextFile(name: string, text: string, type = 'text/x-python'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click the browser holds its own reference; ours can go at the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

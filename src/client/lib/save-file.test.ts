// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchSavedFiles } from '#client/testing/saved-files.ts';
import { exerciseFileName, saveFile, saveTextFile } from './save-file.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('saveFile', () => {
  it('saves the blob under the name given, through a download link', async () => {
    const saved = catchSavedFiles();
    saveFile(new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'drawing.svg');
    expect(saved.map((f) => f.name)).toEqual(['drawing.svg']);
    expect(await saved[0]?.blob.text()).toBe('<svg/>');
  });

  it('saves text as UTF-8 with its media type, accents and all', async () => {
    const saved = catchSavedFiles();
    saveTextFile('print("café")\n', 'greeting.py', 'text/x-python');
    expect(saved[0]?.name).toBe('greeting.py');
    expect(saved[0]?.blob.type).toBe('text/x-python;charset=utf-8');
    expect(await saved[0]?.blob.text()).toBe('print("café")\n');
  });
});

describe('exerciseFileName', () => {
  it('drops the place in the course and makes a name Python can import', () => {
    expect(exerciseFileName('m06-e2-file-extension')).toBe('file_extension.py');
    expect(exerciseFileName('m13-e3-rolling-average')).toBe('rolling_average.py');
    expect(exerciseFileName('m01-e1-first-words')).toBe('first_words.py');
  });

  it('still gives a name when the id has no slug of its own', () => {
    expect(exerciseFileName('m15-e3-')).toBe('exercise.py');
    expect(exerciseFileName('checkout')).toBe('checkout.py');
  });
});

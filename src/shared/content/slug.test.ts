import { describe, expect, it } from 'vitest';
import { folderSlug, moduleFolderName, quizSlug, titleFromSlug } from './slug.ts';

describe('quizSlug (SPEC 2)', () => {
  it('lower-cases, turns spaces into hyphens and drops other non-word characters', () => {
    expect(quizSlug('Loops and Ranges')).toBe('loops-and-ranges');
    expect(quizSlug('If, Elif & Else!')).toBe('if-elif--else');
    expect(quizSlug('Lists: the_basics (2)')).toBe('lists-the_basics-2');
    expect(quizSlug('Already-hyphenated Title')).toBe('already-hyphenated-title');
  });
});

describe('folderSlug and moduleFolderName', () => {
  it('collapse punctuation into single hyphens', () => {
    expect(folderSlug('Object-Oriented Programming (OOP)')).toBe('object-oriented-programming-oop');
    expect(moduleFolderName(3, 'Control Flow')).toBe('03-control-flow');
    expect(moduleFolderName(12, 'Object-Oriented Programming (OOP)')).toBe(
      '12-object-oriented-programming-oop',
    );
  });
});

describe('titleFromSlug', () => {
  it('finds the title whose slug matches, or nothing', () => {
    const titles = ['Loops and Ranges', 'If, Elif & Else!'];
    expect(titleFromSlug('if-elif--else', titles)).toBe('If, Elif & Else!');
    expect(titleFromSlug('loops-and-ranges', titles)).toBe('Loops and Ranges');
    expect(titleFromSlug('loops', titles)).toBeUndefined();
  });
});

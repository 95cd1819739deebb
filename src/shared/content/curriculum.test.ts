import { describe, expect, it } from 'vitest';
import { CURRICULUM, TOTAL_EXERCISES, TOTAL_QUIZZES, curriculumModule } from './curriculum.ts';
import { moduleFolderName } from './slug.ts';

describe('CURRICULUM (SPEC section 3)', () => {
  it('has 15 modules numbered 1 to 15 with 61 exercises and 43 quizzes', () => {
    expect(CURRICULUM.map((m) => m.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(TOTAL_EXERCISES).toBe(61);
    expect(TOTAL_QUIZZES).toBe(43);
  });

  it('names each folder after its number and title (content/README.md)', () => {
    for (const module of CURRICULUM) {
      expect(module.folder).toBe(moduleFolderName(module.number, module.title));
    }
  });

  it('keeps the SPEC counts of the first five lessons', () => {
    expect([1, 2, 3, 4, 5].map((n) => curriculumModule(n)?.handsOnCount)).toEqual([3, 5, 6, 6, 5]);
    expect(curriculumModule(1)?.quizCount).toBe(1);
    expect(curriculumModule(16)).toBeUndefined();
  });

  it('is frozen', () => {
    expect(Object.isFrozen(CURRICULUM)).toBe(true);
    expect(Object.isFrozen(CURRICULUM[0])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { programFiles, projectStepSchema, PROJECT_STEP_ID_PATTERN } from './project-schema.ts';

describe('programFiles (as src/python/program_files.py splits a program)', () => {
  it('names the main program and gives each module file its own text, in order', () => {
    expect(programFiles('import a\nprint(a.X)\n# file: a.py\nX = 1\n# file: b_2.py\nY = 2', 'main.py')).toEqual([
      { name: 'main.py', text: 'import a\nprint(a.X)\n' },
      { name: 'a.py', text: 'X = 1\n' },
      { name: 'b_2.py', text: 'Y = 2' },
    ]);
  });

  it('starts a module only at a line that is exactly a file line', () => {
    const text = "  # file: a.py\n# file: A.py\n# file: a.txt\nx = '# file: a.py'\n";
    expect(programFiles(text, 'game.py')).toEqual([{ name: 'game.py', text }]);
    expect(programFiles('x = 1\r\n# file: a.py\r\nY = 2\r\n', 'm.py')[1]).toEqual({ name: 'a.py', text: 'Y = 2\r\n' });
  });
});

describe('a project step', () => {
  it('has an id that cannot be an exercise id', () => {
    expect(PROJECT_STEP_ID_PATTERN.test('p1-s2-totals')).toBe(true);
    expect(PROJECT_STEP_ID_PATTERN.test('m01-e2-totals')).toBe(false);
    const step = { id: 'p1-s1-x', title: 'X', prompt: 'Do it.', solution: 'print(1)', hints: ['One.'], check: { stdout: '1\n' } };
    expect(projectStepSchema.safeParse(step).success).toBe(true);
    expect(projectStepSchema.safeParse({ ...step, hint: 'typo' }).success).toBe(false);
  });
});

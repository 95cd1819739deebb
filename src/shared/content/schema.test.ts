import { describe, expect, it } from 'vitest';
import {
  exerciseSchema,
  hintFor,
  legalFrontMatterSchema,
  moduleFileSchema,
  predictSchema,
  questionSchema,
  quizSchema,
} from './schema.ts';

const exercise = {
  id: 'm03-e2-fizzbuzz',
  title: 'Fizz, buzz or the number',
  prompt: 'Print ...',
  starter: '# Write your code below\n',
  solution: 'print(1)\n',
  hints: ['A nudge.'],
  check: { stdout: '1\n' },
};

const question = {
  text: 'What does this print?',
  code: 'print(1)\n',
  answers: ['1', '2', '3', '4'],
  correct: '0',
  explanation: 'It prints 1.',
  verify: 'output',
};

/** The issues of a failed parse as `path: message` lines. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('exerciseSchema', () => {
  it('accepts a valid exercise with a stdout or a tests check', () => {
    expect(exerciseSchema.parse(exercise).id).toBe('m03-e2-fizzbuzz');
    const withTests = { ...exercise, check: { tests: 'assert True\n', setup: 'x = 1\n', stdin: '3' } };
    expect(exerciseSchema.safeParse(withTests).success).toBe(true);
  });

  it('needs compare, stdout or tests, and not both of the last two', () => {
    expect(issues(exerciseSchema.safeParse({ ...exercise, check: {} }))).toEqual([
      'check: needs `compare:`, `stdout:` or `tests:`',
    ]);
    expect(
      issues(exerciseSchema.safeParse({ ...exercise, check: { stdout: '1', tests: 'assert 1' } })),
    ).toEqual(['check: has both stdout and tests; a check has at most one of them']);
  });

  it('reads compare from failsafe YAML text, and refuses a compare that compares nothing', () => {
    const compare = { function: 'area', cases: ['2, 3'], seed: '7', rules: [{ use: 'while' }] };
    expect(exerciseSchema.parse({ ...exercise, check: { compare } }).check.compare).toEqual({
      ...compare,
      seed: 7,
    });
    const program = { program: 'true', inputs: ['3\n', { stdin: '4\n', says: 'four' }] };
    expect(exerciseSchema.parse({ ...exercise, check: { compare: program } }).check.compare?.program).toBe(
      true,
    );
    expect(issues(exerciseSchema.safeParse({ ...exercise, check: { compare: { seed: '1' } } }))).toEqual([
      'check.compare: compares nothing: give it `function:`, `program: true` or `rules:`',
    ]);
    expect(
      issues(exerciseSchema.safeParse({ ...exercise, check: { compare: { rules: [{ use: 'goto' }] } } })),
    ).toHaveLength(1);
  });

  it('takes wrong programs labelled with a known kind only', () => {
    const wrong = [{ kind: 'boundary', code: 'print(0)', says: 'one too few' }];
    expect(exerciseSchema.parse({ ...exercise, wrong }).wrong).toEqual(wrong);
    expect(issues(exerciseSchema.safeParse({ ...exercise, wrong: ['print(0)'] }))).toHaveLength(1);
    expect(
      issues(exerciseSchema.safeParse({ ...exercise, wrong: [{ kind: 'typo', code: 'x' }] }))[0],
    ).toMatch(/^wrong.0.kind: is one of hard-codes-examples/);
  });

  it('takes further inputs (also) for an output check only', () => {
    const also = [{ stdin: '5', stdout: 'Buzz\n' }];
    const check = { stdin: '3', stdout: 'Fizz\n', also };
    expect(exerciseSchema.parse({ ...exercise, check }).check.also).toEqual(also);
    expect(
      issues(exerciseSchema.safeParse({ ...exercise, check: { tests: 'assert 1', also } })),
    ).toEqual(['check: has `also:` cases without `stdout:`']);
    expect(
      issues(exerciseSchema.safeParse({ ...exercise, check: { ...check, also: [{ stdin: '5' }] } })),
    ).toEqual(['check.also.0.stdout: Invalid input: expected string, received undefined']);
  });

  it('limits hints to 1-3 and checks the id pattern', () => {
    expect(issues(exerciseSchema.safeParse({ ...exercise, hints: [] }))).toEqual([
      'hints: Too small: expected array to have >=1 items',
    ]);
    expect(exerciseSchema.safeParse({ ...exercise, hints: ['a', 'b', 'c', 'd'] }).success).toBe(false);
    for (const id of ['m3-e2-fizz', 'm03-fizz', 'm03-e2-Fizz', 'm03-e2-', 'x03-e2-fizz']) {
      expect(issues(exerciseSchema.safeParse({ ...exercise, id }))).toEqual([
        'id: must look like m03-e2-fizzbuzz',
      ]);
    }
  });

  it('takes an optional kind: write or fix', () => {
    expect(exerciseSchema.parse({ ...exercise, kind: 'fix' }).kind).toBe('fix');
    expect(exerciseSchema.parse(exercise).kind).toBeUndefined();
    expect(issues(exerciseSchema.safeParse({ ...exercise, kind: 'debug' }))).toEqual([
      'kind: is `write` or `fix`',
    ]);
  });

  it('rejects unknown keys, so typos are caught', () => {
    const result = exerciseSchema.safeParse({ ...exercise, hint: ['x'], check: { stdout: '', stdn: '1' } });
    expect(issues(result)).toEqual([
      'check: Unrecognized key: "stdn"',
      ': Unrecognized key: "hint"',
    ]);
  });
});

describe('questionSchema and quizSchema', () => {
  it('accepts a valid question and turns correct into a number', () => {
    expect(questionSchema.parse(question).correct).toBe(0);
  });

  it('needs exactly four different answers and a correct index of 0-3', () => {
    expect(issues(questionSchema.safeParse({ ...question, answers: ['1', '2', '3'] }))).toEqual([
      'answers: must have exactly 4 answers',
    ]);
    expect(issues(questionSchema.safeParse({ ...question, answers: ['1', '2', ' 1', '4'] }))).toEqual([
      'answers.2: repeats answer 0',
    ]);
    expect(issues(questionSchema.safeParse({ ...question, correct: '4' }))).toEqual([
      'correct: must be between 0 and 3, not 4',
    ]);
    expect(issues(questionSchema.safeParse({ ...question, correct: 'one' }))).toEqual([
      'correct: must be a whole number',
    ]);
  });

  it('needs code for verify: output, and only that value', () => {
    const { code: _code, ...noCode } = question;
    expect(issues(questionSchema.safeParse(noCode))).toEqual(['verify: `verify: output` needs `code` to run']);
    expect(issues(questionSchema.safeParse({ ...question, verify: 'yes' }))).toEqual([
      'verify: the only value is `output`',
    ]);
  });

  it('takes an optional kind, and kind: output needs verify: output', () => {
    expect(questionSchema.parse({ ...question, kind: 'output' }).kind).toBe('output');
    const { verify: _verify, code: _code, ...plain } = question;
    expect(questionSchema.parse({ ...plain, kind: 'concept' }).kind).toBe('concept');
    expect(issues(questionSchema.safeParse({ ...plain, kind: 'output' }))).toEqual([
      'kind: `kind: output` needs `verify: output`',
    ]);
    expect(issues(questionSchema.safeParse({ ...question, kind: 'trick' }))).toEqual([
      'kind: is one of output, bug, which-code, concept, complete',
    ]);
  });

  it('needs at least 10 questions and a title not ending in Quiz', () => {
    const questions = Array.from({ length: 9 }, () => question);
    expect(issues(quizSchema.safeParse({ title: 'Loops Quiz', questions }))).toEqual([
      "title: must not end with 'Quiz' (the dashboard shows '{title} Quiz')",
      'questions: needs at least 10 questions',
    ]);
  });
});

describe('moduleFileSchema and front matter', () => {
  it('checks module.yaml fields', () => {
    const module = { number: '3', title: 'Control Flow', description: 'd', recap: ['a', 'b', 'c', 'd'], next: 'n' };
    expect(moduleFileSchema.parse(module).number).toBe(3);
    expect(issues(moduleFileSchema.safeParse({ ...module, recap: ['a'], number: '16' }))).toEqual([
      'number: must be between 1 and 15, not 16',
      'recap: Too small: expected array to have >=4 items',
    ]);
  });

  it('checks legal dates are real YYYY-MM-DD dates', () => {
    expect(legalFrontMatterSchema.safeParse({ title: 'Terms', updated: '2024-05-01' }).success).toBe(true);
    expect(issues(legalFrontMatterSchema.safeParse({ title: 'Terms', updated: 'May 1, 2024' }))).toEqual([
      'updated: must be a date written YYYY-MM-DD',
    ]);
    expect(issues(legalFrontMatterSchema.safeParse({ title: 'Terms', updated: '2024-02-30' }))).toEqual([
      'updated: is not a real date',
    ]);
  });
});

describe('hintFor', () => {
  it('names how to fix a field', () => {
    expect(hintFor(['quizzes', 1, 'questions', 3, 'correct'])).toBe(
      'the index (0 to 3) of the right answer in `answers`',
    );
    expect(hintFor(['quizzes', 1, 'questions', 3, 'answers', 2])).toBe('exactly 4 different answers');
  });
});

describe('predictSchema', () => {
  it('takes 3 or 4 options, or none, and a why of at most 200 characters', () => {
    expect(predictSchema.parse({ options: ['1', '2', '3'], why: 'Because.' }).options).toHaveLength(3);
    expect(predictSchema.parse({ why: 'Because.' }).options).toBeUndefined();
    expect(issues(predictSchema.safeParse({ options: ['1', '2', '3', '4', '5'], why: 'x' }))).toEqual([
      'options: has more than 4 options',
    ]);
    expect(issues(predictSchema.safeParse({ options: ['1', '2', '3'], why: '' }))).toEqual([
      'why: must not be empty',
    ]);
  });

  it('wants distinct options, compared as output is (trailing white space ignored)', () => {
    expect(issues(predictSchema.safeParse({ options: ['a\n', 'a  ', 'b'], why: 'x' }))).toEqual([
      'options.1: is the same output as option 1',
    ]);
    expect(predictSchema.safeParse({ options: [' a', 'a', 'b'], why: 'x' }).success).toBe(true);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { createFixture, DIAGRAM_LINE, exercisesYaml } from '#server/testing/content.fixture.ts';
import type { Fixture } from '#server/testing/content.fixture.ts';
import { NodePyodideRunner } from '#server/python/pyodide-runner.ts';
import { formatFigures } from './figures.ts';
import { verifyContent } from './verify.ts';
import type { VerifyReport } from './verify.ts';

const M1 = 'modules/01-introduction-to-python';
const M2 = 'modules/02-basic-concepts-and-operations';

let runner: NodePyodideRunner;
let fixture: Fixture;

beforeAll(async () => {
  runner = await NodePyodideRunner.start();
});

afterAll(async () => {
  await runner.close();
});

beforeEach(async () => {
  fixture = await createFixture();
});

afterEach(async () => {
  await fixture.remove();
});

function verify(only?: number[]): Promise<VerifyReport> {
  return verifyContent({
    rootDir: fixture.root,
    runner,
    timeoutMs: 2_000,
    ...(only ? { only } : {}),
  });
}

describe('verifyContent', () => {
  it('verifies a valid tree and counts what it ran', async () => {
    const report = await verify();
    expect(report.problems).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.ok).toBe(true);
    // Per module: 3 runnable blocks and 5 checkpoints; module 1: 3 exercises, 1 quiz; module 2: 5
    // exercises, 3 quizzes.
    expect(report.summary).toBe(
      '2 modules, 8 exercises, 4 quizzes, 40 questions, 16 code blocks: all verified',
    );
    // 16 blocks + 8 exercises x (solution, starter, 8 wrong programs) + 4 verified questions.
    expect(report.counts.runs).toBe(16 + 8 * 10 + 4);
  });

  it("reports each module's figures, counted as the rules count them", async () => {
    const report = await verify();
    expect(
      report.figures.map((f) => [f.number, f.checkpoints, f.diagrams, f.questions, f.outputShare]),
    ).toEqual([
      [1, 5, 1, 10, 0.1],
      [2, 5, 1, 30, 0.1],
    ]);
    const [m1] = report.figures;
    expect(m1?.proseWords).toBe(2168);
    // Nine questions have four answers of one length (a quarter each, by chance); in the output
    // question the keyed `0 1 2` is neither the longest nor the shortest answer.
    expect(m1?.keyedLongest).toEqual({ title: 'Module 1 Part 1', value: 0 });
    expect(m1?.pickLongest?.value).toBeCloseTo(0.225);
    expect(m1?.pickShortest?.value).toBeCloseTo(0.225);

    // Without its first checkpoint, the longest gap is the one the gap rule reports.
    await fixture.edit(`${M1}/lesson.md`, '```python checkpoint\ncount', '```python\ncount');
    await fixture.edit(
      `${M1}/lesson.md`,
      /```predict\noptions:\n {2}- output: "2"[\s\S]*?<!-- \/reveal -->\n/,
      '',
    );
    const fewer = await verify([1]);
    const gap = fewer.failures
      .map((f) => /^(\d+) words of prose/.exec(f.message)?.[1])
      .find((words) => words !== undefined);
    expect(fewer.figures[0]?.longestGap).toBe(Number(gap));
    expect(fewer.figures[0]?.checkpoints).toBe(4);

    const table = formatFigures(report.figures).split('\n');
    expect(table).toContain(
      'module  prose words  checkpoints  longest gap  diagrams  questions  output  keyed longest  pick longest  pick shortest  exercises  wrong programs  refused',
    );
    expect(table).toContain(
      '     1         2168            5          472         1         10     10%             0%           23%            23%          3              24       24',
    );
    expect(table.at(-1)).toBe(
      '  2: keyed longest "Module 2 Part 1", pick longest "Module 2 Part 1", pick shortest "Module 2 Part 1"',
    );
  });

  it('fails a broken solution, naming the file, line and exercise', async () => {
    await fixture.edit(
      `${M1}/exercises.yaml`,
      '      def area(w, h):\n          return w * h',
      '      def area(w, h):\n          return w * h + 1',
    );
    const report = await verify();
    const line = await fixture.lineOf(`${M1}/exercises.yaml`, 'id: m01-e2-area');
    expect(report.ok).toBe(false);
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M1}/exercises.yaml:${line} m01-e2-area solution: area(2, 3) should be 6, but it returned 7`,
    ]);
    expect(report.summary).toMatch(/: 1 problem$/);
  });

  it('fails a stdout solution with a diff of expected and got', async () => {
    await fixture.edit(`${M1}/exercises.yaml`, 'for i in range(1, 4):', 'for i in range(1, 5):');
    const report = await verify();
    const line = await fixture.lineOf(`${M1}/exercises.yaml`, 'id: m01-e1-count-up');
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M1}/exercises.yaml:${line} m01-e1-count-up solution: Your output is not what was expected.\n` +
        '    expected (-) vs got (+):\n      ...\n      2\n      3\n    + 4',
    ]);
  });

  it('runs every input of a check: the solution must pass them all, a wrong entry fail one', async () => {
    const file = `${M1}/exercises.yaml`;
    await fixture.edit(
      file,
      '      for i in range(1, 4):\n          print(i)\n    hints:',
      '      n = int(input())\n      for i in range(1, n + 1):\n          print(i)\n    hints:',
    );
    await fixture.edit(
      file,
      '    check:\n      stdout: |\n        1\n        2\n        3\n    wrong:\n      - kind: boundary\n        code: |\n          for i in range(3):\n              print(i)\n',
      '    check:\n      stdin: "3"\n      stdout: |\n        1\n        2\n        3\n      also:\n        - stdin: "2"\n          stdout: |\n            1\n            2\n    wrong:\n      - kind: hard-codes-examples\n        code: |\n          input()\n          print(1)\n          print(2)\n          print(3)\n',
    );
    const passing = await verify();
    expect(passing.failures).toEqual([]);
    // 8 exercises x 10 attempts, plus the second input for the solution and the one wrong program
    // right for the first input (the starter and the others already fail the first).
    expect(passing.counts.runs).toBe(16 + 8 * 10 + 2 + 4);

    // A solution right for the first input only is caught by the second.
    await fixture.edit(file, '      for i in range(1, n + 1):', '      for i in range(1, 4):');
    const line = await fixture.lineOf(file, 'id: m01-e1-count-up');
    const report = await verify();
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${file}:${line} m01-e1-count-up solution: When the input is "2": Your output is not what was expected.\n` +
        '    expected (-) vs got (+):\n      1\n      2\n    + 3',
    ]);
  });

  it('fails a starter or wrong entry that passes the check', async () => {
    await fixture.edit(
      `${M1}/exercises.yaml`,
      '              return w + h',
      '              return h * w',
    );
    const report = await verify();
    expect(report.failures.map((f) => `${f.item}: ${f.message}`)).toEqual([
      'm01-e2-area wrong[0] (easier-problem): passes the check, but it must fail it',
    ]);
  });

  it('proves each refusal names its mistake where a wrong program says so', async () => {
    const file = `${M1}/exercises.yaml`;
    const area = '      - kind: easier-problem\n        code: |\n          def area(w, h):\n';
    await fixture.edit(
      file,
      area,
      area.replace('\n        code', '\n        says: should be 6\n        code'),
    );
    expect((await verify([1])).failures).toEqual([]);
    await fixture.edit(file, 'says: should be 6', 'says: use multiplication');
    const report = await verify([1]);
    expect(report.failures.map((f) => `${f.item}: ${f.message}`)).toEqual([
      'm01-e2-area wrong[0] (easier-problem): is refused, but the message does not say "use multiplication"',
    ]);
  });

  it('refuses a hard-coded answer on a generated case, and counts the refused programs', async () => {
    const report = await verify([1]);
    expect(report.figures.map((f) => [f.exercises, f.wrongPrograms, f.refused])).toEqual([
      [3, 24, 24],
    ]);
    expect(formatFigures(report.figures)).toContain('exercises  wrong programs  refused');
  });

  it('needs at least 8 labelled wrong programs of 5 kinds per exercise', async () => {
    const file = `${M1}/exercises.yaml`;
    await fixture.edit(file, /      - kind: partial\n        code: \|\n          print\(1\)\n/, '');
    const report = await verify([1]);
    expect(report.failures.map((f) => f.message)).toEqual([
      'm01-e1-count-up has 7 wrong programs of 5 kinds; each exercise needs at least 8, of at least 5 kinds',
    ]);
  });

  it('fails an output block that differs from what the code prints', async () => {
    await fixture.edit(`${M2}/lesson.md`, 'Hello\n5\n```', 'Hello\n6\n```');
    const report = await verify();
    const line = await fixture.lineOf(`${M2}/lesson.md`, '```python');
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M2}/lesson.md:${line} python block 1: output differs from the output block\n` +
        '    expected (-) vs got (+):\n      Hello\n    - 6\n    + 5',
    ]);
  });

  it('checks raises= blocks: the type, a subclass, and the error line', async () => {
    await fixture.edit(`${M1}/lesson.md`, 'raises=NameError', 'raises=Exception');
    await fixture.edit(
      `${M1}/lesson.md`,
      "NameError: name 'totl' is not defined",
      'NameError: totl',
    );
    await fixture.edit(`${M2}/lesson.md`, 'raises=NameError', 'raises=TypeError');
    const report = await verify();
    expect(report.failures.map((f) => `${f.file} ${f.item}: ${f.message}`)).toEqual([
      `content/${M1}/lesson.md python block 2 (raises=Exception): output block differs (its last line must be the error line, the lines before it what was printed)`,
      `content/${M2}/lesson.md python block 2 (raises=TypeError): raised NameError: name 'totl' is not defined (line 2), which is not a TypeError`,
    ]);
  });

  it('fails a block that raises without raises=, showing the traceback', async () => {
    await fixture.edit(`${M1}/lesson.md`, 'print(2 + 3)', 'print(2 + "3")');
    const report = await verify();
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]?.text).toContain(
      "python block 1: raised TypeError: unsupported operand type(s) for +: 'int' and 'str' (line 2)",
    );
    expect(report.failures[0]?.text).toContain('File "main.py", line 2, in <module>');
  });

  it('fails a verify: output question whose answer is not what the code prints', async () => {
    await fixture.edit(`${M2}/quizzes.yaml`, '          - 0 1 2\n', '          - 0, 1, 2\n');
    const report = await verify();
    const line = await fixture.lineOf(`${M2}/quizzes.yaml`, 'text: What does this program print?');
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M2}/quizzes.yaml:${line} "Module 2 Part 1" question 1 (verify: output): the code prints something other than the correct answer\n` +
        '    expected (-) vs got (+):\n    - 0, 1, 2\n    + 0 1 2',
    ]);
  });

  it('reports loader problems such as a wrong count, and still runs the rest', async () => {
    await fixture.write(`${M2}/exercises.yaml`, exercisesYaml(2, 4));
    await fixture.edit(`${M1}/lesson.md`, 'Hello\n5\n```', 'Hello\n6\n```');
    const report = await verify();
    expect(report.problems).toEqual([
      `content/${M2}/exercises.yaml:1 exercises: has 4 exercises; module 2 has 5 (SPEC section 3) (hint: write exactly 5 exercises)`,
    ]);
    expect(report.failures.map((f) => `${f.file} ${f.item}`)).toEqual([
      `content/${M1}/lesson.md python block 1`,
    ]);
    expect(report.summary).toBe(
      '2 modules, 7 exercises, 4 quizzes, 40 questions, 16 code blocks: 2 problems',
    );
  });

  it('reports an endless loop as a failure, not a hang', async () => {
    await fixture.edit(`${M1}/lesson.md`, 'print("Hello")\nprint(2 + 3)', 'while True:\n    pass');
    const report = await verify([1]);
    expect(report.failures.map((f) => `${f.item}: ${f.message}`)).toEqual([
      'python block 1: The program did not finish within 2 seconds. Look for a loop that never ends.',
    ]);
  });

  it('--only runs only the chosen modules', async () => {
    await fixture.edit(`${M2}/lesson.md`, 'Hello\n5\n```', 'Hello\n6\n```');
    const report = await verify([1]);
    expect(report.ok).toBe(true);
    expect(report.summary).toBe(
      '1 module, 3 exercises, 1 quiz, 10 questions, 8 code blocks: all verified',
    );
  });

  it('proves checkpoint options against what Python really prints', async () => {
    // The output block still says 5 (and is right), but no option is 5 any more.
    await fixture.edit(`${M1}/lesson.md`, '  - "5"\n', '  - "6"\n');
    const report = await verify();
    const predict = await fixture.lineOf(`${M1}/lesson.md`, '```predict');
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M1}/lesson.md:${predict} module 1 checkpoint (python block 5): no option is the real output, which is:\n    5 (hint: make exactly one option the output, written as the program prints it)`,
    ]);
  });

  it('fails the lesson rules: too few checkpoints, a long stretch without one, no diagram', async () => {
    await fixture.edit(`${M1}/lesson.md`, '```python checkpoint\ncount', '```python\ncount');
    await fixture.edit(
      `${M1}/lesson.md`,
      /```predict\noptions:\n {2}- output: "2"[\s\S]*?<!-- \/reveal -->\n/,
      '',
    );
    await fixture.edit(`${M1}/lesson.md`, `${DIAGRAM_LINE}\n`, '');
    const report = await verify();
    expect(report.failures.map((f) => `${f.file} ${f.item}: ${f.message}`)).toEqual([
      `content/${M1}/lesson.md module 1 lesson: has 4 checkpoints; a lesson needs at least 5`,
      expect.stringMatching(
        new RegExp(
          `^content/${M1}/lesson.md module 1 lesson: \\d+ words of prose before the first checkpoint; at most 500`,
        ),
      ),
      `content/${M1}/lesson.md module 1 lesson: has no diagram; a lesson needs at least one`,
    ]);
  });

  it('fails an image the page would show broken, and an SVG that no lesson line shows', async () => {
    await fixture.edit(
      `${M1}/lesson.md`,
      DIAGRAM_LINE,
      '![A box for the list [10, 20].](total-box.svg)',
    );
    const line = await fixture.lineOf(`${M1}/lesson.md`, '![A box for the list');
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      `content/${M1}/lesson.md:${line} the alt text of this diagram holds [ or ], so the line is not read as a diagram (hint: write the alt text without square brackets (for a list, say "the list 3, 9, 10"))`,
      `content/${M1}/total-box.svg diagram is not shown by lesson.md (hint: show it with a line of its own, ![what it shows](total-box.svg), or delete the file)`,
    ]);
    expect(report.summary).toMatch(/: 3 problems$/);
  });

  it('fails the quiz rules, naming the module, the quiz and the question', async () => {
    await fixture.edit(
      `${M2}/quizzes.yaml`,
      'text: Point 3 about Python?',
      'text: Point 3, as above?',
    );
    await fixture.edit(`${M2}/quizzes.yaml`, '        kind: complete\n', '');
    const report = await verify();
    const q3 = await fixture.lineOf(`${M2}/quizzes.yaml`, 'text: Point 3, as above?');
    const q4 = await fixture.lineOf(`${M2}/quizzes.yaml`, 'text: Point 4 about');
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M2}/quizzes.yaml:${q3} module 2 "Module 2 Part 1" question 3: the text says "above", which refers outside the question (hint: each question stands alone: show the code with it ("the program below") and say everything it needs)`,
      `FAIL content/${M2}/quizzes.yaml:${q4} module 2 "Module 2 Part 1" question 4: has no \`kind\` (hint: add kind: output, bug, which-code, concept or complete)`,
    ]);
  });

  it('applies the new rules to every module of the course, module 8 included', async () => {
    const late = await createFixture([8]);
    try {
      const folder = 'modules/08-error-and-exception-handling';
      await late.edit(`${folder}/lesson.md`, `${DIAGRAM_LINE}\n`, '');
      await rm(late.file(`${folder}/total-box.svg`));
      const report = await verifyContent({ rootDir: late.root, runner, timeoutMs: 2_000 });
      expect(report.ok).toBe(false);
      expect(report.failures.map((f) => f.text)).toEqual([
        `FAIL content/${folder}/lesson.md module 8 lesson: has no diagram; a lesson needs at least one (hint: draw the idea learners most often misread as an SVG in the module folder and show it with ![alt](name.svg))`,
      ]);
      expect(report.summary).toMatch(/: 1 problem$/);
    } finally {
      await late.remove();
    }
  });
});

describe('the syllabus (issue 32)', () => {
  it('places each objective in the section that teaches it', async () => {
    const report = await verify();
    expect(report.syllabus).toEqual([
      {
        exam: 'PCEP-30-02',
        objective: '1.5',
        topic: 'print()',
        taught: '1#printing',
        where: 'Module 1, "Printing"',
      },
    ]);
  });

  it('fails an objective taught nowhere or in a section the lesson does not have', async () => {
    await fixture.write(
      'objectives.yaml',
      [
        'objectives:',
        '  - { exam: PCEP-30-02, objective: "1.5", topic: "print()", taught: "1#printing" }',
        '  - { exam: PCEP-30-02, objective: "2.2", topic: "for-else" }',
        '  - { exam: PCEP-30-02, objective: "3.1", topic: "del", taught: "2#the-del-statement" }',
      ].join('\n'),
    );
    const report = await verify();
    expect(report.failures.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([
      'content/objectives.yaml:3 "for-else" (PCEP-30-02 2.2) is taught nowhere',
      'content/objectives.yaml:4 "del" is said to be taught in module 2 at #the-del-statement, but the lesson has no such section',
    ]);
    // With --only, an objective taught nowhere is not this run's concern.
    expect((await verify([2])).failures.map((f) => f.line)).toEqual([4]);
  });
});

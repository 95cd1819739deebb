/*
 * Small but complete content trees for tests of the loader and the verifier. Files are written as
 * YAML/Markdown text, exactly as writers write them, so line numbers in problems are real.
 */

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { curriculumModule } from '#shared/content/curriculum.ts';
import { CHECKPOINTS } from './checkpoints.fixture.ts';

const FILLER =
  'Programs are lists of instructions that a computer follows one after another, and learning to ' +
  'read them slowly, line by line, is the habit that makes every later idea easier to hold. ';

/** About `words` words of plain prose, in paragraphs. */
function prose(words: number): string {
  const perParagraph = FILLER.trim().split(/\s+/).length;
  const count = Math.ceil(words / perParagraph);
  return Array.from({ length: count }, () => FILLER.trim()).join('\n\n');
}

export function moduleYaml(number: number): string {
  const module = curriculumModule(number);
  if (!module) throw new Error(`no module ${number}`);
  return `number: ${number}
title: ${module.title}
description: >-
  A short description of ${module.title} that a buyer reads on the pricing page.
recap:
  - One thing the module taught.
  - A second thing, with \`code\`.
  - A third thing.
  - A fourth thing.
next: >-
  The next module builds on this one.
`;
}

/** The diagram every fixture lesson shows (`total-box.svg`): valid per content/README.md. */
export function diagramSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 120">
  <defs>
    <marker id="total-box-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto">
      <path class="d-arrow" d="M 0 0 L 10 5 L 0 10 z"/>
    </marker>
  </defs>
  <text class="d-code" x="20" y="64" font-size="18">total</text>
  <line class="d-line" x1="80" y1="58" x2="200" y2="58" marker-end="url(#total-box-arrow)"/>
  <rect class="d-box" x="210" y="30" width="120" height="56" rx="8"/>
  <text class="d-code" x="250" y="64" font-size="18">10</text>
</svg>
`;
}

export const DIAGRAM_LINE =
  '![A name, total, with an arrow to a box holding the number 10.](total-box.svg)';

/**
 * A lesson that follows every rule: the four kinds of python block, then about `words` words of
 * prose in five stretches, each followed by a checkpoint, and one diagram.
 */
export function lessonMd(words = 2_100): string {
  const paragraphs = prose(words).split('\n\n');
  const per = Math.ceil(paragraphs.length / CHECKPOINTS.length);
  const stretches = CHECKPOINTS.map((checkpoint, i) => {
    const text = paragraphs.slice(i * per, (i + 1) * per).join('\n\n');
    const diagram = i === 0 ? `\n\n${DIAGRAM_LINE}` : '';
    return `${text}${diagram}\n\n${checkpoint}`;
  });
  return `An introduction paragraph that says what this lesson is about.

## Printing

\`\`\`python
print("Hello")
print(2 + 3)
\`\`\`

\`\`\`output
Hello
5
\`\`\`

A block that is meant to fail:

\`\`\`python raises=NameError
print("before")
print(totl)
\`\`\`

\`\`\`output
before
NameError: name 'totl' is not defined
\`\`\`

\`\`\`python stdin="Ada\\n36"
name = input("Name: ")
age = int(input("Age: "))
print(name, "is", age)
\`\`\`

\`\`\`output
Name: Age: Ada is 36
\`\`\`

\`\`\`python norun
import urllib.request
urllib.request.urlopen("https://example.com")
\`\`\`

## Reading

${stretches.join('\n\n')}
`;
}

/** Seven more labelled wrong programs for the count-up exercise (8 of 5 kinds in all, as the rule asks). */
const COUNT_UP_WRONG = [
  ['boundary', 'for i in range(1, 3):\n    print(i)'],
  ['partial', 'print(1)'],
  ['partial', 'print(1)\nprint(2)'],
  ['rounding-or-type', 'print("1 2 3")'],
  ['easier-problem', 'for i in range(3, 0, -1):\n    print(i)'],
  ['crashes-on-edge', 'print(1)\nprint(2)\nprint(3 / 0)'],
  ['rounding-or-type', 'for i in range(1, 4):\n    print(float(i))'],
]
  .map(([kind, code]) => wrongEntry(kind ?? '', code ?? ''))
  .join('');

/** And for the area exercise, whose check compares with the solution on generated cases. */
const AREA_WRONG = [
  [
    'hard-codes-examples',
    'def area(w, h):\n    if (w, h) == (2, 3):\n        return 6\n    return 0',
  ],
  ['boundary', 'def area(w, h):\n    return w * (h - 1) + 1'],
  ['partial', 'def area(w, h):\n    print(w * h)'],
  ['rounding-or-type', 'def area(w, h):\n    return str(w * h)'],
  ['rounding-or-type', 'def area(w, h):\n    return int(w) * int(h)'],
  ['crashes-on-edge', 'def area(w, h):\n    return w * h // w * w'],
  ['ignores-rule', 'area = lambda w, h: w * h'],
]
  .map(([kind, code]) => wrongEntry(kind ?? '', code ?? ''))
  .join('');

function wrongEntry(kind: string, code: string): string {
  const body = code
    .split('\n')
    .map((line) => `          ${line}`)
    .join('\n');
  return `      - kind: ${kind}\n        code: |\n${body}\n`;
}

/** The area exercises' check (compared with the solution) and their wrong programs. */
const AREA_CHECK = `    check:
      tests: |
        assert "area" in globals(), "Define a function called area"
        assert area(2, 3) == 6, "area(2, 3) should be 6, but it returned " + repr(area(2, 3))
      compare:
        function: area
        cases:
          - 2, 3
        generate: |
          def cases(rng):
              return [(rng.randint(0, 50), rng.choice([0.5, 1, 2.25, rng.randint(-9, 9)])) for _ in range(12)]
        rules:
          - use: def
    wrong:
      - kind: easier-problem
        code: |
          def area(w, h):
              return w + h
${AREA_WRONG}`;

function exercise(number: number, k: number): string {
  const nn = String(number).padStart(2, '0');
  if (k % 2 === 1) {
    return `  - id: m${nn}-e${k}-count-up
    title: Count up ${k}
    prompt: |
      Print the numbers 1 to 3, one per line.
    starter: |
      # Write your code below
    solution: |
      for i in range(1, 4):
          print(i)
    hints:
      - Use a loop.
      - range(1, 4) gives 1, 2, 3.
    check:
      stdout: |
        1
        2
        3
    wrong:
      - kind: boundary
        code: |
          for i in range(3):
              print(i)
${COUNT_UP_WRONG}`;
  }
  // From module 3 on, the area exercise is a "fix this program" one, as the rules require.
  if (number >= 3 && k === 2) {
    return `  - id: m${nn}-e${k}-area
    kind: fix
    title: Area ${k}
    prompt: |
      This function should return the area of a rectangle, but it has a bug. Fix it.
    starter: |
      def area(w, h):
          return w + h
    solution: |
      def area(w, h):
          return w * h
    hints:
      - Multiply.
${AREA_CHECK}`;
  }
  return `  - id: m${nn}-e${k}-area
    title: Area ${k}
    prompt: |
      Write a function \`area(w, h)\` that returns the area of a rectangle.
    starter: |
      def area(w, h):
          pass
    solution: |
      def area(w, h):
          return w * h
    hints:
      - Multiply.
${AREA_CHECK}`;
}

export function exercisesYaml(number: number, count?: number): string {
  const n = count ?? curriculumModule(number)?.handsOnCount ?? 0;
  return `exercises:\n${Array.from({ length: n }, (_, i) => exercise(number, i + 1)).join('')}`;
}

/** Questions 2 to 10 cycle through these, so every module has each kind (rules of quizzes.yaml). */
const OTHER_KINDS = ['bug', 'which-code', 'concept', 'complete'] as const;

function question(i: number): string {
  const correct = i % 4;
  if (i === 0) {
    // A verified output question whose right answer sits at index 0.
    return `      - text: What does this program print?
        kind: output
        code: |
          for i in range(3):
              print(i, end=" ")
        answers:
          - 0 1 2
          - 1 2 3
          - 0 1 2 3
          - "3"
        correct: 0
        explanation: range(3) counts 0, 1, 2.
        verify: output
`;
  }
  const answers = [0, 1, 2, 3].map((a) => `          - Answer ${a} of point ${i + 1}`).join('\n');
  return `      - text: Point ${i + 1} about Python?
        kind: ${OTHER_KINDS[i % OTHER_KINDS.length] ?? 'concept'}
        answers:
${answers}
        correct: ${correct}
        explanation: Because answer ${correct} is right.
`;
}

export function quizzesYaml(number: number, count?: number): string {
  const n = count ?? curriculumModule(number)?.quizCount ?? 0;
  const quizzes = Array.from(
    { length: n },
    (_, q) =>
      `  - title: Module ${number} Part ${q + 1}\n    questions:\n${Array.from({ length: 10 }, (_, i) => question(i)).join('')}`,
  );
  return `quizzes:\n${quizzes.join('')}`;
}

export function moduleFiles(number: number): Record<string, string> {
  return {
    'module.yaml': moduleYaml(number),
    'lesson.md': lessonMd(),
    'exercises.yaml': exercisesYaml(number),
    'quizzes.yaml': quizzesYaml(number),
    'total-box.svg': diagramSvg(),
  };
}

export interface Fixture {
  /** The content/ folder. */
  readonly root: string;
  /** Path of a file relative to content/. */
  file(relative: string): string;
  read(relative: string): Promise<string>;
  write(relative: string, text: string): Promise<void>;
  /** Replaces `from` (which must occur) in a file. */
  edit(relative: string, from: string | RegExp, to: string): Promise<void>;
  /** The 1-based line of the first line of `relative` that contains `needle`. */
  lineOf(relative: string, needle: string, occurrence?: number): Promise<number>;
  remove(): Promise<void>;
}

/** The test project (projects/1-vote-counter/project.yaml beside this file): six real steps. */
export const TEST_PROJECT_FOLDER = '1-vote-counter';

export function testProjectYaml(): Promise<string> {
  return readFile(
    new URL(`./projects/${TEST_PROJECT_FOLDER}/project.yaml`, import.meta.url),
    'utf8',
  );
}

/** Adds the test project to a fixture's tree, as content/projects/1-vote-counter/project.yaml. */
export async function addTestProject(fixture: Fixture): Promise<void> {
  await fixture.write(`projects/${TEST_PROJECT_FOLDER}/project.yaml`, await testProjectYaml());
}

/** Writes a valid tree with the given modules (default: modules 1 and 2) into a temp folder. */
export async function createFixture(modules: readonly number[] = [1, 2]): Promise<Fixture> {
  const base = await mkdtemp(path.join(tmpdir(), 'indent-content-'));
  const root = path.join(base, 'content');
  const fixture: Fixture = {
    root,
    file: (relative) => path.join(root, relative),
    read: (relative) => readFile(path.join(root, relative), 'utf8'),
    async write(relative, text) {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await writeFile(path.join(root, relative), text);
    },
    async edit(relative, from, to) {
      const text = await fixture.read(relative);
      const changed = text.replace(from, to);
      if (changed === text)
        throw new Error(`fixture edit: ${String(from)} not found in ${relative}`);
      await fixture.write(relative, changed);
    },
    async lineOf(relative, needle, occurrence = 1) {
      const lines = (await fixture.read(relative)).split('\n');
      let seen = 0;
      const index = lines.findIndex((line) => line.includes(needle) && ++seen === occurrence);
      if (index < 0) throw new Error(`fixture: "${needle}" not in ${relative}`);
      return index + 1;
    },
    remove: () => rm(base, { recursive: true, force: true }),
  };
  for (const number of modules) {
    const folder = curriculumModule(number)?.folder ?? String(number);
    for (const [name, text] of Object.entries(moduleFiles(number))) {
      await fixture.write(`modules/${folder}/${name}`, text);
    }
  }
  await fixture.write(
    'objectives.yaml',
    'objectives:\n  - { exam: PCEP-30-02, objective: "1.5", topic: "print()", taught: "1#printing" }\n',
  );
  await fixture.write(
    'articles/should-i-learn-to-code.md',
    '---\ntitle: Should I Learn to Code?\ndescription: Who coding suits.\n---\n\nSome text.\n',
  );
  await fixture.write(
    'legal/privacy.md',
    '---\ntitle: Privacy Policy\nupdated: 2024-02-10\n---\n\nText.\n',
  );
  await fixture.write(
    'legal/terms.md',
    '---\ntitle: Terms and Conditions\nupdated: 2024-05-01\n---\n\nText.\n',
  );
  return fixture;
}

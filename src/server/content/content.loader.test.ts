import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rename, rm } from 'node:fs/promises';
import { ContentError, formatProblem, loadContent, scanContent } from './content.loader.ts';
import { createFixture, diagramSvg, exercisesYaml, quizzesYaml } from '../testing/content.fixture.ts';
import type { Fixture } from '../testing/content.fixture.ts';

const M1 = 'modules/01-introduction-to-python';
const M2 = 'modules/02-basic-concepts-and-operations';

let fixture: Fixture;

beforeEach(async () => {
  fixture = await createFixture();
});

afterEach(async () => {
  await fixture.remove();
});

/** The formatted problems of the fixture (loadContent must reject with exactly these). */
async function problems(): Promise<string[]> {
  const error = await loadContent(fixture.root).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).problems.map(formatProblem);
}

describe('loadContent on a valid tree', () => {
  it('returns the modules in order with lessons, exercises and quizzes', async () => {
    const course = await loadContent(fixture.root);
    expect(course.modules.map((m) => [m.number, m.title, m.folder])).toEqual([
      [1, 'Introduction to Python', '01-introduction-to-python'],
      [2, 'Basic Concepts and Operations', '02-basic-concepts-and-operations'],
    ]);
    const [m1, m2] = course.modules;
    expect(m1?.exercises.map((e) => e.id)).toEqual([
      'm01-e1-count-up',
      'm01-e2-area',
      'm01-e3-count-up',
    ]);
    expect(m2?.exercises).toHaveLength(5);
    expect(m1?.quizzes.map((q) => [q.title, q.slug, q.position])).toEqual([
      ['Module 1 Part 1', 'module-1-part-1', 1],
    ]);
    expect(m2?.quizzes).toHaveLength(3);
    expect(m1?.quizzes[0]?.questions[0]?.answers).toEqual(['0 1 2', '1 2 3', '0 1 2 3', '3']);
    expect(m1?.quizzes[0]?.questions[1]?.correct).toBe(1);
    expect(m1?.lesson.proseWords).toBeGreaterThanOrEqual(2_000);
    // The four kinds of block, then the lesson's five checkpoints.
    expect(m1?.lesson.python.map((b) => b.kind)).toEqual([
      ...['run', 'raises', 'run', 'norun'],
      ...['run', 'run', 'raises', 'run', 'run'],
    ]);
    expect(m1?.recap).toHaveLength(4);
    expect(course.articles.map((a) => [a.slug, a.title])).toEqual([
      ['should-i-learn-to-code', 'Should I Learn to Code?'],
    ]);
    expect(course.legal.privacy?.updated).toBe('2024-02-10');
    expect(course.legal.terms?.title).toBe('Terms and Conditions');
  });

  it('returns a frozen course', async () => {
    const course = await loadContent(fixture.root);
    expect(Object.isFrozen(course)).toBe(true);
    expect(Object.isFrozen(course.modules[0]?.exercises[0]?.check)).toBe(true);
    expect(Object.isFrozen(course.modules[0]?.quizzes[0]?.questions[0]?.answers)).toBe(true);
  });

  it('keeps YAML scalars as written: 3.0 stays "3.0", True stays "True"', async () => {
    await fixture.edit(`${M1}/quizzes.yaml`, '- Answer 0 of point 2', '- 3.0');
    await fixture.edit(`${M1}/quizzes.yaml`, '- Answer 1 of point 2', '- True');
    const course = await loadContent(fixture.root);
    expect(course.modules[0]?.quizzes[0]?.questions[1]?.answers.slice(0, 2)).toEqual([
      '3.0',
      'True',
    ]);
  });

  it('allows modules that are not written yet, and no articles or legal pages', async () => {
    await rm(fixture.file(M2), { recursive: true });
    await rm(fixture.file('articles'), { recursive: true });
    await rm(fixture.file('legal'), { recursive: true });
    const course = await loadContent(fixture.root);
    expect(course.modules.map((m) => m.number)).toEqual([1]);
    expect(course.articles).toEqual([]);
    expect(course.legal).toEqual({});
  });

  it('finds where each exercise and question was written', async () => {
    const scan = await scanContent(fixture.root);
    const exercise = scan.course.modules[0]?.exercises[1];
    const question = scan.course.modules[0]?.quizzes[0]?.questions[2];
    expect(scan.locate(exercise ?? {})).toEqual({
      file: `content/${M1}/exercises.yaml`,
      line: await fixture.lineOf(`${M1}/exercises.yaml`, 'id: m01-e2-area'),
    });
    expect(scan.locate(question ?? {})).toEqual({
      file: `content/${M1}/quizzes.yaml`,
      line: await fixture.lineOf(`${M1}/quizzes.yaml`, 'text: Point 3 about'),
    });
  });
});

describe('loadContent reports every problem with file, line, path and hint', () => {
  it('a wrong count of exercises and of quizzes', async () => {
    await fixture.write(`${M2}/exercises.yaml`, exercisesYaml(2, 4));
    await fixture.write(`${M1}/quizzes.yaml`, quizzesYaml(1, 2));
    const found = await problems();
    expect(found).toEqual(
      [
        `content/${M1}/quizzes.yaml:1 quizzes: has 2 quizzes; module 1 has 1 (SPEC section 3) (hint: write exactly 1 quiz)`,
        `content/${M2}/exercises.yaml:1 exercises: has 4 exercises; module 2 has 5 (SPEC section 3) (hint: write exactly 5 exercises)`,
        // Two quizzes of module 1 would also need unique titles.
      ]
        .concat([])
        .slice(0, 2),
    );
  });

  it('a bad field with its line number', async () => {
    await fixture.edit(`${M2}/quizzes.yaml`, /correct: 3/, 'correct: 7');
    const line = await fixture.lineOf(`${M2}/quizzes.yaml`, 'correct: 7');
    expect(await problems()).toEqual([
      `content/${M2}/quizzes.yaml:${line} quizzes[0].questions[3].correct: must be between 0 and 3, not 7 (hint: the index (0 to 3) of the right answer in \`answers\`)`,
    ]);
  });

  it('every problem at once, not just the first', async () => {
    await fixture.edit(
      `${M1}/exercises.yaml`,
      'hints:\n      - Use a loop.',
      'hint:\n      - Use a loop.',
    );
    await fixture.edit(`${M1}/quizzes.yaml`, '          - Answer 3 of point 2\n', '');
    await fixture.edit(
      `${M2}/module.yaml`,
      'title: Basic Concepts and Operations',
      'title: Basic Concepts',
    );
    await fixture.edit(`${M2}/module.yaml`, 'number: 2', 'number: two');
    const found = await problems();
    const ex = (needle: string) => fixture.lineOf(`${M1}/exercises.yaml`, needle);
    expect(found).toEqual([
      `content/${M1}/exercises.yaml:${await ex('id: m01-e1')} exercises[0].hints: Invalid input: expected array, received undefined (hint: 1 to 3 hints, from a gentle nudge to nearly the answer)`,
      `content/${M1}/exercises.yaml:${await ex('hint:')} exercises[0].hint: unknown key "hint" (hint: remove it or fix its spelling (see content/README.md for the allowed keys))`,
      `content/${M1}/quizzes.yaml:${await fixture.lineOf(`${M1}/quizzes.yaml`, 'answers:', 2)} quizzes[0].questions[1].answers: must have exactly 4 answers (hint: exactly 4 different answers)`,
      `content/${M2}/module.yaml:1 number: must be a whole number (hint: the module number, 1 to 15, as in the folder name)`,
    ]);
  });

  it('a title that is not the curriculum title', async () => {
    await fixture.edit(
      `${M2}/module.yaml`,
      'title: Basic Concepts and Operations',
      'title: Basic Concepts',
    );
    expect(await problems()).toEqual([
      `content/${M2}/module.yaml:2 title: "Basic Concepts" is not the title in SPEC section 3 (hint: write title: Basic Concepts and Operations)`,
    ]);
  });

  it('duplicate exercise ids across modules', async () => {
    await fixture.edit(`${M2}/exercises.yaml`, 'id: m02-e3-count-up', 'id: m01-e3-count-up');
    const found = await problems();
    const dup = await fixture.lineOf(`${M2}/exercises.yaml`, 'id: m01-e3-count-up');
    const first = await fixture.lineOf(`${M1}/exercises.yaml`, 'id: m01-e3-count-up');
    expect(found).toEqual([
      `content/${M2}/exercises.yaml:${dup} exercises[2].id: "m01-e3-count-up" does not start with m02- (hint: ids of module 2 start with m02-, e.g. m02-e3-short-name)`,
      `content/${M2}/exercises.yaml:${dup} exercises[2].id: duplicate id "m01-e3-count-up" (also at content/${M1}/exercises.yaml:${first}) (hint: exercise ids are unique in the whole course; change the short name or the number)`,
    ]);
  });

  it('duplicate quiz titles and duplicate slugs', async () => {
    await fixture.edit(`${M2}/quizzes.yaml`, 'title: Module 2 Part 2', 'title: Module 1 Part 1');
    await fixture.edit(
      `${M2}/quizzes.yaml`,
      'title: Module 2 Part 3',
      'title: "Module 2: Part 1!"',
    );
    const found = await problems();
    const line = (n: number) => fixture.lineOf(`${M2}/quizzes.yaml`, '- title:', n);
    expect(found).toEqual([
      `content/${M2}/quizzes.yaml:${await line(2)} quizzes[1].title: duplicate quiz title "Module 1 Part 1" (also at content/${M1}/quizzes.yaml:2) (hint: quiz titles are unique in the whole course)`,
      `content/${M2}/quizzes.yaml:${await line(3)} quizzes[2].title: quiz slug "module-2-part-1" is also the slug of "Module 2 Part 1" (content/${M2}/quizzes.yaml:2) (hint: change the title so its URL slug differs)`,
    ]);
  });

  it('a misnamed folder, an unknown folder and a stray file', async () => {
    await rename(fixture.file(M2), fixture.file('modules/02-basics'));
    await fixture.write('modules/16-extras/module.yaml', 'number: 16\n');
    await fixture.write(`${M1}/exercise.yaml`, 'exercises: []\n');
    expect(await problems()).toEqual([
      'content/modules/01-introduction-to-python/exercise.yaml unexpected file in a module folder (hint: a module folder holds only module.yaml, lesson.md, exercises.yaml, quizzes.yaml, SVG diagrams and pictures.json)',
      'content/modules/02-basics module 2 folder is misnamed (hint: rename it to 02-basic-concepts-and-operations)',
      expect.stringMatching(
        /^content\/modules\/16-extras unknown module folder \(hint: module folders are 01-introduction-to-python, /,
      ),
    ]);
  });

  it('a missing file, a short lesson and lesson block problems', async () => {
    await rm(fixture.file(`${M1}/quizzes.yaml`));
    await fixture.write(`${M2}/lesson.md`, '# Basic Concepts\n\nToo short.\n\n```output\n1\n```\n');
    expect(await problems()).toEqual([
      `content/${M1}/quizzes.yaml file is missing (hint: every module folder needs module.yaml, lesson.md, exercises.yaml and quizzes.yaml)`,
      `content/${M2}/lesson.md:5 output block does not follow a python block (hint: put the \`\`\`output block right after the \`\`\`python block it belongs to (only blank lines between))`,
      `content/${M2}/lesson.md:1 top-level # heading in the lesson (hint: the page already shows the module title; use ## for sections and ### below them)`,
      `content/${M2}/lesson.md:1 the lesson has no ## section headings (hint: split the lesson into sections, each starting with a ## heading)`,
      `content/${M2}/lesson.md has 4 words of prose; a lesson needs at least 2000 (hint: code and output blocks do not count; explain more, with more worked examples)`,
      `content/${M2}/total-box.svg diagram is not shown by lesson.md (hint: show it with a line of its own, ![what it shows](total-box.svg), or delete the file)`,
    ]);
  });

  it('checkpoint and diagram problems, in lesson.md and in the SVG file', async () => {
    await fixture.edit(
      `${M1}/lesson.md`,
      '  - output: "count + 3"\n    why-not: "`print` shows the value a name holds, not the sum as it was written."\n',
      '',
    );
    await fixture.edit(`${M2}/lesson.md`, '](total-box.svg)', '](missing.svg)');
    await fixture.edit(`${M1}/total-box.svg`, '<rect class="d-box"', '<rect class="d-box" fill="#fff"');
    const predict = (await fixture.lineOf(`${M1}/lesson.md`, '```predict')) + 1;
    const diagram = await fixture.lineOf(`${M2}/lesson.md`, '](missing.svg)');
    const rect = await fixture.lineOf(`${M1}/total-box.svg`, '<rect');
    expect(await problems()).toEqual([
      `content/${M1}/lesson.md:${predict} predict block: options needs 3 or 4 options (or none, to have the learner type the output) (hint: 3 or 4 different outputs, exactly one of them what the program prints; each wrong one as \`- output: ...\` with its \`why-not: ...\`)`,
      `content/${M1}/total-box.svg:${rect} <rect> has the colour fill="#fff" (hint: drop it and use a d-* class (fill="none" and stroke="none" are allowed))`,
      // The lesson now shows missing.svg, so the total-box.svg beside it is shown by no line.
      `content/${M2}/total-box.svg diagram is not shown by lesson.md (hint: show it with a line of its own, ![what it shows](total-box.svg), or delete the file)`,
      `content/${M2}/lesson.md:${diagram} diagram missing.svg is not in the module folder (hint: save the SVG as content/${M2}/missing.svg)`,
    ]);
  });

  it('an image the page could not show, and an SVG no lesson line shows', async () => {
    // The alt text holds brackets, so the line is no diagram line: without the check the page
    // would show a broken <img>, and the SVG would sit unused.
    await fixture.edit(
      `${M1}/lesson.md`,
      '![A name, total, with an arrow',
      '![A name, total, with an arrow to [10]; that is,',
    );
    await fixture.write(`${M2}/unused-box.svg`, diagramSvg());
    await fixture.edit(`${M2}/lesson.md`, '## ', '![A photo of a desk.](desk.png)\n\n## ');
    const bracketed = await fixture.lineOf(`${M1}/lesson.md`, '![A name, total');
    const photo = await fixture.lineOf(`${M2}/lesson.md`, '![A photo');
    expect(await problems()).toEqual([
      `content/${M1}/lesson.md:${bracketed} the alt text of this diagram holds [ or ], so the line is not read as a diagram (hint: write the alt text without square brackets (for a list, say "the list 3, 9, 10"))`,
      `content/${M1}/total-box.svg diagram is not shown by lesson.md (hint: show it with a line of its own, ![what it shows](total-box.svg), or delete the file)`,
      `content/${M2}/lesson.md:${photo} an image that is not a diagram line (hint: a lesson shows pictures only as SVG diagrams of its module folder, each alone on its line: ![what it shows](name.svg))`,
      `content/${M2}/unused-box.svg diagram is not shown by lesson.md (hint: show it with a line of its own, ![what it shows](unused-box.svg), or delete the file)`,
    ]);
  });

  it('YAML syntax errors and text that YAML reads as a key', async () => {
    await fixture.edit(`${M1}/module.yaml`, '  - A third thing.', '  - Note: a third thing.');
    await fixture.edit(
      `${M2}/exercises.yaml`,
      '    title: Count up 1',
      '    title: Count up 1\n    title: again',
    );
    const found = await problems();
    expect(found).toEqual([
      `content/${M1}/module.yaml:8 recap[2]: is a "key: value" pair, not text (YAML reads ": " inside a plain line as a key) (hint: put the whole text in double quotes, or write it as a \`>-\` block on the next lines)`,
      `content/${M2}/exercises.yaml:4 YAML: Map keys must be unique (hint: check the indentation, and use a \`|\` block for text holding \`: \` or starting with a quote)`,
    ]);
  });

  it('a quiz whose right answers never use one position', async () => {
    await fixture.edit(`${M1}/quizzes.yaml`, 'correct: 3\n', 'correct: 2\n');
    await fixture.edit(`${M1}/quizzes.yaml`, 'correct: 3\n', 'correct: 2\n');
    expect(await problems()).toEqual([
      `content/${M1}/quizzes.yaml:2 quizzes[0]: the right answer is never at position 3 (correct: 0×3, 1×3, 2×4, 3×0) (hint: spread the correct index over all four positions by reordering some answers)`,
    ]);
  });

  it('articles and legal pages with bad front matter', async () => {
    await fixture.write('articles/Bad Name.md', '---\ntitle: x\ndescription: y\n---\ntext\n');
    await fixture.write('articles/second-article.md', '---\ntitle: Second\n---\n\nText.\n');
    await fixture.edit('legal/terms.md', 'updated: 2024-05-01', 'updated: 2024-02-30');
    expect(await problems()).toEqual([
      'content/articles/Bad Name.md unexpected entry in content/articles (hint: articles are files named like should-i-learn-to-code.md (lower case, hyphens))',
      'content/articles/second-article.md:2 description: Invalid input: expected string, received undefined (hint: 2-3 sentences a buyer reads on the pricing page)',
      expect.stringMatching(/^content\/legal\/terms.md:3 updated: is not a real date/),
    ]);
  });

  it('--only limits loading and the course-wide checks to those modules', async () => {
    await fixture.edit(`${M2}/module.yaml`, 'number: 2', 'number: 3');
    const scan = await scanContent(fixture.root, { only: [1] });
    expect(scan.problems).toEqual([]);
    expect(scan.course.modules.map((m) => m.number)).toEqual([1]);
  });
});

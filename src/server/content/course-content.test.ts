import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../testing/content.fixture.ts';
import { loadCourseContent } from './course-content.ts';

let fixture: Fixture;
beforeEach(async () => {
  fixture = await createFixture([1, 2]);
});
afterEach(async () => {
  await fixture.remove();
});

describe('loadCourseContent', () => {
  it('renders lessons with server-side highlighting and numbered python blocks', async () => {
    const content = await loadCourseContent(fixture.root);
    const lesson = content.lessons.get(1);
    expect(lesson).toBeDefined();
    if (!lesson) return;
    // The four kinds of block, then the lesson's five checkpoints.
    expect(lesson.codeBlocks.map((b) => b.kind)).toEqual([
      ...['run', 'raises', 'run', 'norun'],
      ...['run', 'run', 'raises', 'run', 'run'],
    ]);
    expect(lesson.codeBlocks[2]?.stdin).toBe('Ada\n36');
    for (const block of lesson.codeBlocks) {
      expect(lesson.html).toContain(`data-code-block="${block.index}"`);
    }
    expect(lesson.html).toContain('<h2');
    expect(lesson.html).toMatch(/<pre class="shiki[^"]*"[^>]*style="[^"]*background-color/);
    expect(lesson.html).toContain('class="code-output"');
    expect(lesson.html).not.toContain('```');
    expect(lesson.exercises[0]?.promptHtml).toMatch(/^<p>/);
  });

  it('marks checkpoints, keeps their output and predict blocks off the page, and sends them in codeBlocks', async () => {
    const content = await loadCourseContent(fixture.root);
    const lesson = content.lessons.get(1);
    if (!lesson) throw new Error('no lesson 1');
    const checkpoints = lesson.codeBlocks.filter((b) => b.checkpoint);
    expect(checkpoints.map((b) => b.index)).toEqual([5, 6, 7, 8, 9]);
    expect(checkpoints[0]?.checkpoint).toEqual({
      options: [
        {
          text: '2',
          whyNotHtml:
            'The second line does not reset <code>count</code>; it adds 3 to the 2 it holds.',
        },
        { text: '5' },
        {
          text: 'count + 3',
          whyNotHtml:
            '<code>print</code> shows the value a name holds, not the sum as it was written.',
        },
      ],
      output: '5\n',
      whyHtml:
        'The right side is worked out first, with the old <code>count</code>, and the result replaces it.',
    });
    expect(checkpoints[1]?.checkpoint?.options).toBeNull();
    expect(checkpoints[2]?.kind).toBe('raises');
    expect(checkpoints[3]?.stdin).toBe('Bo');
    for (const block of checkpoints) {
      expect(lesson.html).toContain(
        `data-kind="${block.kind}" data-code-block="${block.index}" data-checkpoint>`,
      );
    }
    expect(lesson.html.match(/data-checkpoint/g)).toHaveLength(5);
    // Only the three non-checkpoint output blocks are rendered; no answer and no why is on the page.
    expect(lesson.html.match(/class="code-output"/g)).toHaveLength(3);
    expect(lesson.html).not.toContain('ababab');
    expect(lesson.html).not.toContain('Hi Bo');
    expect(lesson.html).not.toContain('options:');
    // The first checkpoint's explanation is on the page, hidden until the learner predicts.
    expect(lesson.html).toMatch(
      /<div class="checkpoint-reveal" data-reveal-for="5" hidden>\s*<p>Assignment works right to left/,
    );
    expect(lesson.html).not.toContain('worked out first');
  });

  it('inlines each diagram as a labelled figure', async () => {
    const content = await loadCourseContent(fixture.root);
    const html = content.lessons.get(1)?.html ?? '';
    expect(html).toContain(
      '<figure class="diagram"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 120" role="img" aria-labelledby="total-box-title"><title id="total-box-title">A name, total, with an arrow to a box holding the number 10.</title>',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<p>\s*<figure/);
  });

  it('keeps correct answers out of the prepared quiz replies', async () => {
    const content = await loadCourseContent(fixture.root);
    const raw = JSON.stringify([...content.quizReplies.values()]);
    expect(raw).not.toContain('explanation');
    expect(raw).not.toContain('Because answer');
    expect(raw).not.toContain('"correct"');
    const quiz = content.findQuiz('module 1 part 1');
    expect(quiz?.questions[0]?.questionText).toBe(
      'What does this program print?\n\nfor i in range(3):\n    print(i, end=" ")',
    );
    expect(content.findQuiz('Module 1 Part 1')?.slug).toBe('module-1-part-1');
    expect(content.findQuiz('module-1-part-1')?.slug).toBe('module-1-part-1');
    expect(content.findQuiz('module 9 part 9')).toBeUndefined();
  });

  it('sends a picture checkpoint’s options with what each draws, from pictures.json', async () => {
    const M1 = 'modules/01-introduction-to-python';
    const line = (x2: number) => ({ k: 'line', x1: 0, y1: 0, x2, y2: 0, c: 'black', w: 1, s: 3 });
    const drawing = (x2: number) => ({
      items: [line(x2)],
      bg: 'white',
      size: [400, 400],
      title: null,
      instant: false,
      cut: false,
      turtles: [],
    });
    const code = (n: number) => `import turtle\nturtle.forward(${n})`;
    const picture = (n: number, whyNot?: string) =>
      `  - code: |\n      ${code(n).replace('\n', '\n      ')}\n    alt: A line ${n} long.\n` +
      (whyNot ? `    why-not: ${whyNot}\n` : '');
    const lesson = await fixture.read(`${M1}/lesson.md`);
    await fixture.write(
      `${M1}/lesson.md`,
      `${lesson}\n\`\`\`python checkpoint\n${code(50)}\n\`\`\`\n\n\`\`\`output\n\`\`\`\n\n` +
        `\`\`\`predict\npictures:\n${picture(20, 'Too short.')}${picture(50)}${picture(90, 'Too long.')}why: It goes 50.\n\`\`\`\n`,
    );
    await fixture.write(
      `${M1}/pictures.json`,
      JSON.stringify({ [code(20)]: drawing(20), [code(50)]: drawing(50), [code(90)]: drawing(90) }),
    );
    const content = await loadCourseContent(fixture.root);
    const checkpoint = content.lessons.get(1)?.codeBlocks.at(-1)?.checkpoint;
    expect(checkpoint?.options).toBeNull();
    expect(checkpoint?.pictures).toEqual([
      { alt: 'A line 20 long.', drawing: drawing(20), right: false, whyNotHtml: 'Too short.' },
      { alt: 'A line 50 long.', drawing: drawing(50), right: true },
      { alt: 'A line 90 long.', drawing: drawing(90), right: false, whyNotHtml: 'Too long.' },
    ]);

    // A picture the file lacks stops the server instead of showing an empty option.
    await fixture.write(`${M1}/pictures.json`, JSON.stringify({ [code(20)]: drawing(20) }));
    await expect(loadCourseContent(fixture.root)).rejects.toThrow(
      /pictures\.json lacks a picture of lesson\.md \(A line 50 long\.\): run npm run verify:content -- --write-pictures/,
    );
    // And one that is not a record of drawings is a problem of its own.
    await fixture.write(`${M1}/pictures.json`, '{"x": {"items": 3}}');
    await expect(loadCourseContent(fixture.root)).rejects.toThrow(
      /01-introduction-to-python\/pictures\.json is not a record of drawings/,
    );
  });

  it('stops with the broken file, line and field named', async () => {
    await fixture.edit(
      'modules/02-basic-concepts-and-operations/quizzes.yaml',
      /correct: 3/,
      'correct: 9',
    );
    await expect(loadCourseContent(fixture.root)).rejects.toThrow(
      /modules\/02-basic-concepts-and-operations\/quizzes\.yaml:\d+ quizzes\[0\]\.questions\[3\]\.correct/,
    );
  });
});

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

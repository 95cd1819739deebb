import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '#server/testing/content.fixture.ts';
import { NodePyodideRunner } from '#server/python/pyodide-runner.ts';
import { verifyContent } from './verify.ts';

/* "Which picture will this draw?" checkpoints, verified in real Pyodide (decision 0039). */

const M1 = 'modules/01-introduction-to-python';

let runner: NodePyodideRunner;
let fixture: Fixture;

beforeAll(async () => {
  runner = await NodePyodideRunner.start();
});
afterAll(async () => {
  await runner.close();
});
beforeEach(async () => {
  fixture = await createFixture([1]);
});
afterEach(async () => {
  await fixture.remove();
});

const program = (turn: string) =>
  `import turtle\nfor side in range(3):\n    turtle.forward(100)\n    turtle.${turn}\n`;
const picture = (turn: string, alt: string, whyNot?: string) =>
  `  - code: |\n${program(turn)
    .trimEnd()
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n')}\n    alt: ${alt}\n${whyNot ? `    why-not: ${whyNot}\n` : ''}`;

async function addCheckpoint(pictures: string) {
  const lesson = await fixture.read(`${M1}/lesson.md`);
  await fixture.write(
    `${M1}/lesson.md`,
    `${lesson}\nWhich picture?\n\n\`\`\`python checkpoint\n${program('right(120)')}\`\`\`\n\n\`\`\`output\n\`\`\`\n\n\`\`\`predict\npictures:\n${pictures}why: Right turns go clockwise.\n\`\`\`\n`,
  );
}

function verify(writePictures = false) {
  return verifyContent({ rootDir: fixture.root, runner, timeoutMs: 5_000, writePictures });
}

describe('picture checkpoints', () => {
  it('draws the pictures into pictures.json, and fails where the file is not what they draw', async () => {
    await addCheckpoint(
      picture('left(120)', 'A triangle, point up.', 'Left turns go anticlockwise.') +
        picture('right(120)', 'A triangle, point down.') +
        picture('right(60)', 'Half a hexagon.', 'The turn is not the corner.'),
    );
    const stale = await verify();
    expect(stale.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M1}/pictures.json module 1 pictures: is not what the picture checkpoints draw (hint: npm run verify:content -- --write-pictures writes it anew)`,
    ]);

    expect((await verify(true)).failures).toEqual([]);
    const written = JSON.parse(await fixture.read(`${M1}/pictures.json`)) as Record<
      string,
      { items: { k: string; x2: number; y2: number }[] }
    >;
    expect(Object.keys(written).sort()).toEqual(
      ['left(120)', 'right(120)', 'right(60)'].map((t) => program(t).trimEnd()).sort(),
    );
    // The right turn's triangle hangs below its first side, as CPython's turtle draws it.
    const down = written[program('right(120)').trimEnd()]?.items[1];
    expect(down).toMatchObject({ k: 'line', x2: 50, y2: -86.6 });
    const again = await verify();
    expect(again.failures).toEqual([]);
    expect(again.ok).toBe(true);
  });

  it('proves exactly one picture, the one without a why-not, is what the checkpoint draws', async () => {
    // A picture drawn another way round is still the same picture, so two are right.
    await addCheckpoint(
      picture('left(120)', 'A triangle, point up.', 'Left turns go anticlockwise.') +
        picture('right(120)', 'A triangle, point down.') +
        picture('right(120.1)', 'Nearly the same triangle.', 'It turns a tenth more.'),
    );
    const predict = await fixture.lineOf(`${M1}/lesson.md`, '```predict', 6);
    const report = await verify(true);
    expect(report.failures.map((f) => f.text)).toEqual([
      `FAIL content/${M1}/lesson.md:${predict} module 1 picture checkpoint (python block 10): pictures 2 and 3 all look like what the checkpoint draws (hint: exactly one picture is the drawing; make the others real misreadings)`,
    ]);
  });

  it('reports a picture that does not run', async () => {
    await addCheckpoint(
      picture('left(120)', 'A triangle, point up.', 'Left turns go anticlockwise.') +
        picture('right(120)', 'A triangle, point down.') +
        picture('rigth(60)', 'Half a hexagon.', 'The turn is not the corner.'),
    );
    const report = await verify(true);
    expect(report.failures.map((f) => f.message)).toEqual([
      "picture 3 raised AttributeError: module 'turtle' has no attribute 'rigth'",
    ]);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addTestProject,
  createFixture,
  TEST_PROJECT_FOLDER,
} from '#server/testing/content.fixture.ts';
import type { Fixture } from '#server/testing/content.fixture.ts';
import { NodePyodideRunner } from '#server/python/pyodide-runner.ts';
import { formatProjectFigures, isOneSentence, keptShare } from './project-rules.ts';
import { verifyContent } from './verify.ts';
import type { VerifyReport } from './verify.ts';

// The verifier on a tree of one module and the test project (src/server/testing/projects/): six
// steps of a vote counter, each proven as an exercise is, plus the chain and the project's own rules.

const FILE = `projects/${TEST_PROJECT_FOLDER}/project.yaml`;

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
  await addTestProject(fixture);
});

afterEach(async () => {
  await fixture.remove();
});

function verify(): Promise<VerifyReport> {
  return verifyContent({ rootDir: fixture.root, runner, timeoutMs: 4_000 });
}

const failures = (report: VerifyReport) => report.failures.map((f) => f.text.split('\n')[0]);

describe('verifying a project', () => {
  it('proves every step and counts the project in the summary and its table', async () => {
    const report = await verify();
    expect(report.problems).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.summary).toBe(
      '1 module, 3 exercises, 1 project (6 steps), 1 quiz, 10 questions, 8 code blocks: all verified',
    );
    // Module 1: 8 blocks, 3 exercises x 10 runs, 1 verified question; the project: 6 steps x
    // (solution, starter or the step before's solution, 8 wrong programs).
    expect(report.counts.runs).toBe(8 + 30 + 1 + 6 * 10);
    expect(report.projects).toEqual([
      {
        number: 1,
        after: 5,
        steps: 6,
        firstLines: 2,
        lastLines: 19,
        wrongPrograms: 48,
        refused: 48,
      },
    ]);
    expect(formatProjectFigures(report.projects)).toMatch(/\n\s+1\s+5\s+6\s+2\s+19\s+48\s+48$/);
  });

  it('fails a step whose work the step before has already done (the chain)', async () => {
    // Step 4's solution made step 3's: step 4 (tidy the names) has nothing left to do.
    const text = await fixture.read(FILE);
    const s4 = /- id: p1-s4-tidy-names[\s\S]*?solution: \|\n([\s\S]*?)\n {4}hints:/.exec(text)?.[1];
    if (!s4) throw new Error('the fixture has no step 4 solution');
    await fixture.write(
      FILE,
      text.replace(
        /(- id: p1-s3-per-name[\s\S]*?solution: \|\n)[\s\S]*?(\n {4}hints:)/,
        `$1${s4}$2`,
      ),
    );
    const report = await verify();
    expect(failures(report)).toContain(
      `FAIL content/${FILE}:${await fixture.lineOf(FILE, 'id: p1-s4-tidy-names')} p1-s4-tidy-names starter (the solution of the step before): passes the check, but it must fail it`,
    );
  });

  it('fails a first step whose starter passes, a solution that fails and a wrong program that passes', async () => {
    await fixture.edit(
      FILE,
      '# Ask for one vote, then say it was counted.',
      'vote = input("Vote: ")\n      print("Counted:", vote)',
    );
    await fixture.edit(
      FILE,
      '    print(len(votes), "votes")\n    hints:',
      '    print(len(votes), "votes", votes[5])\n    hints:',
    );
    await fixture.edit(
      FILE,
      '          print("Counted:", vote[:-1])',
      '          print("Counted:", vote)',
    );
    const shown = failures(await verify());
    expect(shown).toContainEqual(
      expect.stringMatching(/p1-s1-one-vote starter: passes the check, but it must fail it$/),
    );
    expect(shown).toContainEqual(
      expect.stringMatching(/p1-s1-one-vote wrong\[4\] \(boundary\): passes the check/),
    );
    expect(shown).toContainEqual(expect.stringMatching(/p1-s2-many-votes solution: /));
  });

  it('reports what the format forbids, each with its line', async () => {
    await fixture.edit(FILE, 'after: 5', 'after: 6');
    await fixture.edit(FILE, 'id: p1-s2-many-votes', 'id: p1-s3-many-votes');
    await fixture.edit(
      FILE,
      'title: Count votes until a blank line\n',
      'title: Count votes until a blank line\n    starter: |\n      pass\n',
    );
    await fixture.edit(
      FILE,
      "names the winner with each name's share.",
      'names the winner. It shows shares.',
    );
    const report = await verify();
    const at = (needle: string) => fixture.lineOf(FILE, needle);
    expect(report.problems).toEqual([
      `content/${FILE}:${await at('after: 6')} after: project 1 is recommended after module 5, not 6 (hint: write after: 5)`,
      `content/${FILE}:${await at('id: p1-s3-many-votes')} steps.1.id: "p1-s3-many-votes" does not start with p1-s2- (hint: step 2 of project 1 has an id starting p1-s2-)`,
      `content/${FILE}:${(await at('      pass')) - 1} steps.1.starter: only the first step has a starter (hint: remove it: this step opens with the learner’s code of the step before)`,
    ]);
    expect(failures(report)).toContainEqual(
      `FAIL content/${FILE} project 1: its summary is not one sentence: "Counts the votes typed at the keyboard and names the winner. It shows shares." (hint: one sentence saying what the finished program does; the public certificate page shows it)`,
    );
  });

  it('refuses a folder that does not match, and too few steps', async () => {
    const text = await fixture.read(FILE);
    await fixture.write(
      'projects/1-votes/project.yaml',
      text.replace(/\n {2}- id: p1-s6-shares[\s\S]*$/, '\n'),
    );
    await fixture.write(FILE, text.replace('number: 1', 'number: 2'));
    const report = await verify();
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/projects\/1-votes\/project.yaml:\d+ steps: needs 6 to 10 steps/),
        expect.stringMatching(
          /projects\/1-vote-counter\/project.yaml:\d+ slug: the folder is 1-vote-counter \(hint: name the folder 2-vote-counter\)/,
        ),
      ]),
    );
  });
});

describe('the project rules', () => {
  it('knows one sentence from two', () => {
    expect(isOneSentence('Counts votes, names the winner and shows e.g. shares.')).toBe(true);
    expect(isOneSentence('Counts votes. Names the winner.')).toBe(false);
    expect(isOneSentence('Counts votes')).toBe(false);
    expect(isOneSentence('Counts votes\nand names the winner.')).toBe(false);
  });

  it('measures how much of the step before a solution keeps', () => {
    expect(keptShare('a = 1\nprint(a)\n', 'a = 1\n\nif a:\n    print(a)\n')).toBe(1);
    expect(keptShare('a = 1\nprint(a)\n', 'b = 2\nprint(b)\n')).toBe(0);
  });
});

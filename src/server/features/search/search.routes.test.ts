import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';
import type { SearchResult } from '#shared/api/search.schema.ts';
import { queryWords, snippetHtml } from './search.service.ts';
import { textOf } from './search.documents.ts';

const DICTIONARIES = '/dashboard/lessons/module5#dictionaries-looking-things-up-by-name';

describe('search helpers', () => {
  it('escapes the snippet and marks only the matches', () => {
    expect(snippetHtml('if a < b: \u0002print\u0003("<b>")')).toBe(
      'if a &lt; b: <mark>print</mark>(&quot;&lt;b&gt;&quot;)',
    );
  });
  it('reads words only, so no query syntax reaches the engine', () => {
    expect(queryWords('dict* OR "keys" NEAR(x)')).toEqual(['dict', 'or', 'keys', 'near', 'x']);
    expect(queryWords('!!! ???')).toEqual([]);
  });
  it('keeps the words a reader sees', () => {
    expect(
      textOf(
        '<p>a &amp; b</p><button>Copy</button><svg><text>x</text></svg><span aria-hidden="true">Output</span>c',
      ),
    ).toBe('a & b c');
  });
});

describe('course search', () => {
  let t: TestApp;
  let jar: Jar;
  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signInWithDevLogin(t, 'Sam', 'sam-search@example.com');
    await grantPaidAccess(t.database.db, signedIn.user._id, new Date());
    jar = signedIn.jar;
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (who: Jar | null, q: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: browserHeaders(who),
    });
  const results = async (q: string): Promise<SearchResult[]> => {
    const res = await search(jar, q);
    expect(res.statusCode, q).toBe(200);
    return res.json<{ results: SearchResult[] }>().results;
  };

  it("documents the session cookie on every one of issue 20's routes", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    for (const [path, method] of [
      ['/api/search', 'get'],
      ['/api/user/{userId}/review', 'get'],
      ['/api/user/{userId}/review/answers', 'post'],
      ['/api/user/{userId}/rhythm', 'get'],
      ['/api/user/{userId}/rhythm', 'put'],
      ['/api/user/{userId}/code-history/{exerciseId}', 'get'],
      ['/api/user/{userId}/code-history/{exerciseId}/{versionId}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([
        { sessionCookie: [] },
      ]);
    }
  });

  it('answers 401 to a visitor and 403 to a user without access', async () => {
    expect((await search(null, 'dictionary')).statusCode).toBe(401);
    const unpaid = await signInWithDevLogin(t, 'No Access', 'unpaid-search@example.com');
    const res = await search(unpaid.jar, 'dictionary');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('no_access');
  });

  it('answers 400 with a clear message to a query too short or without words', async () => {
    const short = await search(jar, 'a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/q: must be at least 2 characters/);
    const symbols = await search(jar, '?!');
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json().error.code).toBe('empty_query');
  });

  it('finds the section on dictionaries, linking to its heading in the lesson', async () => {
    const found = await results('dictionary');
    expect(found[0]).toMatchObject({ kind: 'lesson' });
    const section = found.find((r) => r.href === DICTIONARIES);
    expect(section).toMatchObject({
      kind: 'lesson',
      moduleNumber: 5,
      label: expect.stringMatching(/^Module 5: /),
    });
    expect(section?.title).toMatch(/^Dictionaries: /);
    expect(section?.snippetHtml).toMatch(/<mark>dictionar(y|ies)<\/mark>/i);
    // The anchor is a real id on the lesson page.
    const lesson = await t.app.inject({
      method: 'GET',
      url: '/api/lessons/module5',
      headers: browserHeaders(jar),
    });
    expect(lesson.json().html).toContain(`id="${DICTIONARIES.split('#')[1]}"`);
  });

  it('ranks sections named after the word above sections that only mention it, and stems', async () => {
    for (const [query, word] of [
      ['dictionary', /dictionar/i],
      ['sets', /\bset/i], // the stem of 'sets', so 'Setting up' counts too
    ] as const) {
      const lessons = (await results(query)).filter((r) => r.kind === 'lesson');
      const named = lessons.map((r) => word.test(r.title));
      expect(named[0], query).toBe(true);
      expect(named.lastIndexOf(true), lessons.map((r) => r.title).join(' | ')).toBeLessThan(
        named.indexOf(false),
      );
    }
    // 'dictionaries' and 'dictionary' meet at the same stem.
    expect((await results('dictionaries')).some((r) => r.href === DICTIONARIES)).toBe(true);
  });

  it("opens a beginner's query with the module that teaches it, then its glossary entry", async () => {
    // The module whose lesson first teaches each word (content/GLOSSARY.md, SYLLABUS.md): strings
    // are met in module 1 ("Text and numbers are different things") before module 6 deepens them,
    // and `import` in module 3 (`import turtle`) before module 10 teaches modules in full; "file"
    // has no glossary entry of its own, and module 7 teaches it.
    const teaches: Record<string, number> = {
      dictionary: 5,
      loop: 3,
      function: 4,
      class: 12,
      file: 7,
      exception: 8,
      list: 5,
      string: 1,
      import: 3,
    };
    for (const [query, moduleNumber] of Object.entries(teaches)) {
      const found = await results(query);
      expect(found[0], query).toMatchObject({ kind: 'lesson', moduleNumber });
    }
    // The plural finds the same introduction; the glossary entry follows its section.
    for (const query of ['dictionary', 'dictionaries']) {
      const found = await results(query);
      expect(found[0]?.href, query).toBe(DICTIONARIES);
      expect(found[1], query).toMatchObject({ kind: 'glossary', title: 'dictionary' });
    }
    // Later uses still follow, best first.
    expect((await results('dictionary')).some((r) => r.moduleNumber === 11)).toBe(true);
  });

  it('sends snippets with the matches marked and nothing else as HTML', async () => {
    const found = await results('append');
    expect(found.length).toBeGreaterThan(0);
    for (const result of found) {
      expect(result.snippetHtml).toMatch(/<mark>append(s|ed|ing)?<\/mark>/i);
      expect(result.snippetHtml.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
  });

  it('searches exercises and the glossary too, all words required', async () => {
    const glossary = await results('traceback');
    expect(glossary.some((r) => r.kind === 'glossary' && r.title === 'traceback')).toBe(true);
    const exercise = (await results('countdown')).find((r) => r.kind === 'exercise');
    expect(exercise?.href).toMatch(/^\/dashboard\/lessons\/module\d+#exercises-heading$/);
    expect(await results('dictionary zzzqqq')).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The folder-level import graph of the features (decision 0011): a feature may use another, but no
 * two features may depend on each other, directly or around a loop. ESLint keeps each import to a
 * feature's public files; this test keeps the whole graph free of loops, and keeps README's layout
 * and decision 0011's list of public files from falling behind the folders and the lint config.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const aliases: Record<string, string> = {
  '#server/': 'src/server/',
  '#client/': 'src/client/',
  '#shared/': 'src/shared/',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The repo-relative path an import specifier points at, or undefined for a package. */
function target(fromFile: string, specifier: string): string | undefined {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  if (alias) return path.join(aliases[alias] ?? '', specifier.slice(alias.length));
  if (!specifier.startsWith('.')) return undefined;
  return path.relative(root, path.resolve(path.dirname(fromFile), specifier));
}

/** `src/server/features/billing/x.ts` -> `server/billing`. */
function featureOf(file: string): string | undefined {
  const match = /^src\/(server|client)\/features\/([^/]+)\//.exec(file.split(path.sep).join('/'));
  return match ? `${match[1]}/${match[2]}` : undefined;
}

export function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const side of ['server', 'client']) {
    for (const file of sourceFiles(path.join(root, 'src', side, 'features'))) {
      const from = featureOf(path.relative(root, file));
      if (!from) continue;
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const to = featureOf(target(file, match[1] ?? '') ?? '');
        if (to && to !== from) edges.add(to);
      }
    }
  }
  return graph;
}

/** Every loop in a directed graph, each as the path that closes it (a -> b -> a). */
export function loops(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), node, next]);
      else if (!state.has(next)) visit(next, [...trail, node]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, []);
  return found;
}

describe('feature folders', () => {
  it('import each other without loops', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(loops(graph)).toEqual([]);
  });

  it('(the loop finder itself finds a loop of two and of three)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set(['d'])],
      ['d', new Set(['e'])],
      ['e', new Set(['c'])],
    ]);
    expect(loops(graph)).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'e', 'c'],
    ]);
  });
});

/** The public files of eslint.config.js, as `side:feature/file`. */
async function publicFilesOfLint(): Promise<string[]> {
  // A URL held in a variable: the config is plain JavaScript, with no types for TypeScript to read.
  const config = new URL('../eslint.config.js', import.meta.url).href;
  const { publicFiles } = (await import(config)) as {
    publicFiles: Record<string, Record<string, readonly string[]>>;
  };
  return Object.entries(publicFiles).flatMap(([side, features]) =>
    Object.entries(features).flatMap(([name, files]) => files.map((f) => `${side}:${name}/${f}`)),
  );
}

/** The text of a Markdown file from `heading` (its last occurrence) to the next heading as high. */
function section(file: string, heading: RegExp): string {
  const text = readFileSync(path.join(root, file), 'utf8');
  const starts = [...text.matchAll(new RegExp(heading.source, 'gm'))];
  const start = starts.at(-1)?.index;
  if (start === undefined) throw new Error(`${file} has no heading ${heading.source}`);
  const level = /^#+/.exec(text.slice(start))?.[0] ?? '##';
  const rest = text.slice(start + level.length);
  const end = new RegExp(`^#{1,${level.length}} `, 'm').exec(rest)?.index ?? rest.length;
  return rest.slice(0, end);
}

describe('the documents that name the features', () => {
  it("README's layout lists every server feature folder, and only those", () => {
    const layout = section('README.md', /^## Layout$/);
    const listed = /^ {2}features\/\s+([^:]+):/m.exec(layout)?.[1] ?? '';
    const folders = readdirSync(path.join(root, 'src/server/features')).filter((name) =>
      statSync(path.join(root, 'src/server/features', name)).isDirectory(),
    );
    expect(
      listed
        .split(/[\s,]+/)
        .filter(Boolean)
        .sort(),
    ).toEqual(folders.sort());
  });

  it("decision 0011's latest update lists the public files that lint allows, and only those", async () => {
    const update = section('docs/decisions/0011-feature-boundaries.md', /^## Update/);
    const listed = [...update.matchAll(/^\| (server|client) \|[^|]+\|([^|]+)\|/gm)].flatMap(
      ([, side, files]) => [...(files ?? '').matchAll(/`([^`]+)`/g)].map(([, f]) => `${side}:${f}`),
    );
    expect(listed.sort()).toEqual((await publicFilesOfLint()).sort());
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The folder-level import graph of the features (decision 0011): a feature may use another, but no
 * two features may depend on each other, directly or around a loop. ESLint keeps each import to a
 * feature's public files; this test keeps the whole graph free of loops.
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

/* File system reads shared by the content readers: a missing file or folder is not an error here. */

import { readdir, readFile } from 'node:fs/promises';

export interface DirEntry {
  readonly name: string;
  readonly isDirectory: boolean;
}

/** The entries of `dir` without hidden ones, sorted by name; undefined when `dir` does not exist. */
export async function listDir(dir: string): Promise<DirEntry[] | undefined> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => ({ name: e.name, isDirectory: e.isDirectory() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The file as UTF-8 text; undefined when it does not exist. */
export async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

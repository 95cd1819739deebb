import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * How `npm run admin -- restore` knows a server runs on an SQLite file (decision 0029): each
 * server writes a marker `<pid>@<host>` into the folder `<database>.servers/` at start and removes
 * it at exit. A marker whose process is gone (a crash, kill -9) is stale: on this host the process
 * is asked for (signal 0); a marker from another host is believed, as nothing here can tell.
 */
export interface ServerMarker {
  pid: number;
  host: string;
}

const folderOf = (databaseFile: string) => `${resolve(databaseFile)}.servers`;

function alive(marker: ServerMarker): boolean {
  if (marker.host !== hostname()) return true;
  try {
    process.kill(marker.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks this process as a server on the file; `release` (also run at exit) removes the mark. */
export function holdServerLock(databaseFile: string, pid = process.pid): { release(): void } {
  const folder = folderOf(databaseFile);
  mkdirSync(folder, { recursive: true });
  const marker = join(folder, `${pid}@${hostname()}`);
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  const release = () => {
    rmSync(marker, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return { release };
}

/** The servers that hold the file now (stale markers are removed on the way). */
export function serversOn(databaseFile: string): ServerMarker[] {
  const folder = folderOf(databaseFile);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = /^(\d+)@(.+)$/.exec(name);
    if (!match) return [];
    const marker = { pid: Number(match[1]), host: match[2] ?? '' };
    if (alive(marker)) return [marker];
    rmSync(join(folder, name), { force: true });
    return [];
  });
}

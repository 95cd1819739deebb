import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { serversOn } from './server-lock.ts';

/** A backup or restore that cannot be done as asked: one line for the operator (exit status 2). */
export class BackupRefusedError extends Error {}

/** The SQLite file a `file:` DATABASE_URL names, or undefined for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith('file:')) return undefined;
  const file = databaseUrl.slice('file:'.length);
  return file === ':memory:' ? undefined : resolve(file);
}

const POSTGRES_HINT =
  'DATABASE_URL is PostgreSQL: back up with pg_dump and restore with pg_restore (docs/operations.md, "Backups").';

/** `PRAGMA integrity_check` on a file, opened read-only; throws unless SQLite answers "ok". */
export function checkIntegrity(file: string): { tables: number } {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = copy.pragma('integrity_check') as { integrity_check: string }[];
    const verdict = rows.map((row) => row.integrity_check).join('; ');
    if (verdict !== 'ok') throw new Error(`${file} fails the integrity check: ${verdict}`);
    const tables = copy
      .prepare("select count(*) as n from sqlite_master where type = 'table'")
      .get() as { n: number };
    return { tables: tables.n };
  } finally {
    copy.close();
  }
}

/**
 * Copies a live SQLite database with SQLite's online backup while servers keep writing to it. The
 * first step copies 100 pages, every later one all that remain: a write by another connection
 * between steps makes SQLite start over, and one step that reads the whole file in one read
 * transaction sees one consistent moment (WAL lets the servers keep writing meanwhile). The copy
 * is then opened and checked.
 */
export async function backupSqlite(
  databaseFile: string,
  target: string,
): Promise<{ pages: number; tables: number }> {
  if (!existsSync(databaseFile))
    throw new BackupRefusedError(`There is no database at ${databaseFile}.`);
  if (resolve(target) === resolve(databaseFile)) {
    throw new BackupRefusedError('The backup cannot be written over the database itself.');
  }
  if (existsSync(target)) {
    throw new BackupRefusedError(`${target} exists already; name a new file for the backup.`);
  }
  const source = new SQLite(databaseFile, { fileMustExist: true });
  let pages = 0;
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        pages = totalPages;
        return Math.max(remainingPages, 100);
      },
    });
  } catch (err) {
    rmSync(target, { force: true });
    throw err;
  } finally {
    source.close();
  }
  return { pages, ...checkIntegrity(target) };
}

/**
 * Puts a backup in place of the database, refusing while a server runs on it (server-lock.ts).
 * The backup is checked first; the database it replaces is kept beside it as
 * `<database>.before-restore-<time>`, and its WAL and shared-memory files go, so no page of the
 * old database is replayed onto the restored one.
 */
export function restoreSqlite(
  databaseFile: string,
  backup: string,
  now = new Date(),
): { keptAs: string | undefined } {
  if (!existsSync(backup)) throw new BackupRefusedError(`There is no backup at ${backup}.`);
  const servers = serversOn(databaseFile);
  if (servers.length > 0) {
    const who = servers.map((s) => `pid ${s.pid} on ${s.host}`).join(', ');
    throw new BackupRefusedError(
      `A server is running on ${databaseFile} (${who}): stop it first, then restore.`,
    );
  }
  checkIntegrity(backup);
  const incoming = `${databaseFile}.restoring`;
  copyFileSync(backup, incoming);
  let keptAs: string | undefined;
  if (existsSync(databaseFile)) {
    keptAs = `${databaseFile}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    // Fold the old database's WAL into it first, so the kept copy is whole on its own.
    const old = new SQLite(databaseFile, { fileMustExist: true });
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    renameSync(databaseFile, keptAs);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${databaseFile}${suffix}`, { force: true });
  renameSync(incoming, databaseFile);
  return { keptAs };
}

/** `npm run admin -- backup FILE` and `restore FILE`; answers the exit status. */
export async function runBackupCommand(
  argv: readonly string[],
  databaseUrl: string,
  io: { out(text: string): void; err(text: string): void },
): Promise<number> {
  const [command, file, ...rest] = argv;
  try {
    if (!file || rest.length > 0) {
      throw new BackupRefusedError(`Usage: npm run admin -- ${command ?? 'backup'} FILE`);
    }
    const database = sqliteFileOf(databaseUrl);
    if (!database) throw new BackupRefusedError(POSTGRES_HINT);
    if (command === 'backup') {
      const started = performance.now();
      const { pages, tables } = await backupSqlite(database, file);
      const ms = Math.round(performance.now() - started);
      io.out(
        `Backed up ${database} to ${file}: ${pages} pages, ${tables} tables, integrity ok (${ms} ms).`,
      );
    } else {
      const { keptAs } = restoreSqlite(database, file);
      io.out(
        `Restored ${file} to ${database}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ''}`,
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupRefusedError) {
      io.err(err.message);
      return 2;
    }
    io.err(`admin: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

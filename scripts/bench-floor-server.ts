/*
 * The floor of POST /api/submit-quiz for `npm run bench`: a bare Fastify server that
 * does only what no implementation of the endpoint can skip. It parses the same JSON body, stores
 * the attempt in the app's own quiz_attempts table (a copy of the benchmark's database) with
 * better-sqlite3 directly, one transaction per event-loop turn as the app's write batcher does, reads
 * the best score back, and answers with the same reply bytes the app sent. There are no hooks, no
 * sign-in, no validation, no grading and no query builder.
 *
 * Whatever this reaches on a machine is the most the real endpoint can reach there, so the bench
 * judges the endpoint against it (at least 0.6 of it, issue 24) beside the hello-world.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { timeOrderedId } from '../src/server/db/time-ordered-id.ts';

interface Body {
  userId: string;
  quizId: string;
  answers: string[];
}

const { FLOOR_DB, FLOOR_REPLY, PORT } = process.env;
if (!FLOOR_DB || !FLOOR_REPLY || !PORT) {
  throw new Error(
    'bench-floor-server is started by scripts/bench.ts (FLOOR_DB, FLOOR_REPLY, PORT)',
  );
}
const db = new Database(FLOOR_DB);
// The app's settings (src/server/db/database.ts).
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const insert = db.prepare(
  'insert into quiz_attempts (id, user_id, quiz_id, score, answers, created_at) values (?, ?, ?, ?, ?, ?)',
);
const best = db.prepare<[string, string], { best: number }>(
  'select max(score) as best from quiz_attempts where user_id = ? and quiz_id = ?',
);
const writeAll = db.transaction((rows: readonly Body[]) => {
  for (const row of rows) {
    insert.run(
      timeOrderedId(),
      row.userId,
      row.quizId,
      0,
      JSON.stringify(row.answers),
      new Date().toISOString(),
    );
  }
  return rows.map((row) => best.get(row.userId, row.quizId)?.best ?? 0);
});

let waiting: { row: Body; done: () => void }[] = [];
function flush() {
  const batch = waiting;
  waiting = [];
  writeAll(batch.map((w) => w.row));
  for (const w of batch) w.done();
}

const reply = readFileSync(FLOOR_REPLY);
const app = Fastify({ logger: false });
app.get('/ready', () => 'ready');
app.post<{ Body: Body }>('/', async (request, res) => {
  await new Promise<void>((done) => {
    if (waiting.push({ row: request.body, done }) === 1) setImmediate(flush);
  });
  return res.type('application/json; charset=utf-8').send(reply);
});
await app.listen({ port: Number(PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
});

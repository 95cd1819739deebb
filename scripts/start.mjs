// npm start: build the client if it is missing or stale, then serve the built app.
import { clientBuildIsStale, run } from './lib.mjs';

if (clientBuildIsStale()) {
  console.log('Building the app (first start, or sources changed)...');
  const code = await run('npm', ['run', '--silent', 'build']);
  if (code !== 0) process.exit(code);
}
const code = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts']);
process.exit(code);

// The project's own Python (src/python/, issue 30): pyflakes, then its unit tests, on the machine's
// Python 3. `npm run lint` runs the first, `npm test` both. pyflakes is Debian's python3-pyflakes
// (`pyflakes3`), or any `pyflakes` on the path.
import { spawnSync } from 'node:child_process';
import { run } from './lib.mjs';

const found = (command) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

export async function lintPython() {
  const pyflakes = ['pyflakes3', 'pyflakes'].find(found);
  if (!pyflakes) {
    console.error(
      'pyflakes is missing: install it (Debian: apt-get install -y python3-pyflakes) to lint src/python.',
    );
    return 1;
  }
  return run(pyflakes, ['src/python']);
}

export function testPython() {
  return run('python3', ['-m', 'unittest', 'discover', '-s', 'src/python', '-p', 'test_*.py']);
}

const mode = process.argv[2];
if (mode === 'lint') process.exitCode = await lintPython();
else if (mode === 'test') process.exitCode = await testPython();

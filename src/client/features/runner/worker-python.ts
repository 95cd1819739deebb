/*
 * The names the browser's worker needs of its Python (src/python/browser_runner.py, on top of the
 * shared harness src/python/harness.py): both are installed as modules in the build's snapshot of
 * the interpreter (scripts/pyodide-snapshot.ts, decision 0020), and the worker calls WORKER_ENTRY.
 */

/** Entry point: `run_in_browser(request_json, on_output, ask, pause, trace) -> str`. */
export const WORKER_ENTRY = 'run_in_browser';

/**
 * `turtle_drawing() -> str | None`: what the last run drew with turtle, as JSON, or None when it
 * did not use turtle (decision 0033).
 */
export const WORKER_DRAWING = 'turtle_drawing';

/** The module browser_runner.py is installed as; the worker finds WORKER_ENTRY there. */
export const WORKER_MODULE = '_indent_runner';

/** The module harness.py is installed as (browser_runner.py imports it by this name). */
export const HARNESS_MODULE = '_indent_harness';

/**
 * Run once after the snapshot is restored. The snapshot is the same for everyone, so what Python
 * drew at start-up would be too: random's generator is seeded again from the browser's entropy, as
 * a fresh start would (lessons say an unseeded program rolls differently every run).
 */
export const AFTER_RESTORE_PYTHON = 'import random\nrandom.seed()\ndel random\n';

/**
 * Steps recorded at most; the program is stopped there and the learner told so (browser_runner.py's
 * STEP_LIMIT, held to this by worker-python.test.ts).
 */
export const STEP_LIMIT = 1_000;

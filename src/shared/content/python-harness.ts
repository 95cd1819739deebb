/*
 * What the TypeScript side needs to know of the harness (src/python/harness.py), the Python that
 * every check run goes through: its entry point and its working folder. The source itself is read
 * from that file by whoever loads it (the server's runner, the build's snapshot).
 */

/** The function harness.py defines: `run_request(request_json, on_output=None) -> str`. */
export const HARNESS_ENTRY = 'run_request';

/**
 * The folder every run starts in, emptied before each run, fixed so printed paths are stable
 * (harness.py's WORK_DIR; python-sources.test.ts holds the two together).
 */
export const WORK_DIR = '/home/learner';

/**
 * The module name under which every loader installs src/python/judging.py before the harness,
 * which imports it by this name: a name no learner's file can shadow.
 */
export const JUDGING_MODULE = '_indent_judging';

/**
 * src/python/program_files.py: a program in several files (`# file: name.py` sections, content/README.md
 * "Projects"), whose modules the harness writes to the working folder before the main program runs.
 */
export const PROGRAM_FILES_MODULE = '_indent_program_files';

/**
 * Our own turtle (src/python/turtle.py, decision 0033), which records what is drawn instead of
 * opening a window, and the record it draws into (turtle_record.py), which it imports by this name.
 */
export const TURTLE_MODULE = 'turtle';
export const TURTLE_RECORD_MODULE = '_indent_turtle_record';

/**
 * What every loader installs before the harness, in this order (each may import those before it by
 * name); each runs into a new module of that name, with `filename` in its tracebacks.
 */
export const LIBRARY_MODULES = [
  { name: JUDGING_MODULE, file: 'judging.py', filename: '<indent-judging>' },
  { name: PROGRAM_FILES_MODULE, file: 'program_files.py', filename: '<indent-program-files>' },
  { name: TURTLE_RECORD_MODULE, file: 'turtle_record.py', filename: '<indent-turtle-record>' },
  { name: TURTLE_MODULE, file: 'turtle.py', filename: '<indent-turtle>' },
] as const;

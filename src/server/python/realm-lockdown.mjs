// The JavaScript half of decision 0019's sandbox, applied by pyodide-process.mjs once Pyodide has
// loaded and before any learner's program runs. It assumes a learner's program may reach this
// realm (any JsProxy leads to Function) and leaves it nothing worth reaching. Files, processes,
// workers, native code and the inspector are already refused by Node's permission model, and
// strings cannot be compiled (--disallow-code-generation-from-strings), so what is left to close
// here is what Node 20's permission model does not cover: the network and signals to other
// processes. Both are reached only through `process` and the globals Node adds, so: `process`
// loses those powers in place (closures that hold it hold the same object), and globalThis keeps
// the language's own globals and the few Pyodide calls while it runs, nothing else.

/** ECMAScript's own globals: none of them reaches the host. */
const LANGUAGE_GLOBALS = [
  'globalThis',
  'Infinity',
  'NaN',
  'undefined',
  'eval',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'escape',
  'unescape',
  'Object',
  'Function',
  'Array',
  'Number',
  'Boolean',
  'String',
  'Symbol',
  'BigInt',
  'Date',
  'Promise',
  'RegExp',
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'JSON',
  'Math',
  'Intl',
  'Reflect',
  'Proxy',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'Atomics',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Iterator',
];

/**
 * What Pyodide looks up in globalThis while a program runs: WebAssembly for its own code, the
 * clock, random bytes (os.urandom) and UTF-8 text. None of them opens anything.
 */
const PYODIDE_GLOBALS = ['WebAssembly', 'performance', 'crypto', 'TextDecoder', 'TextEncoder'];

const KEPT_GLOBALS = new Set([...LANGUAGE_GLOBALS, ...PYODIDE_GLOBALS]);

/**
 * The powers of `process` that reach outside this process, or hand out objects that do: signals
 * (kill may wake the server's inspector with SIGUSR1), the built-in modules (net), internal
 * bindings, native code, the live handles and standard streams (sockets whose constructor
 * connects anywhere), an IPC channel's handle, and the working folder. `process.env` stays, as
 * Node's own code reads it: the process is started with an empty one.
 */
const PROCESS_POWERS = [
  'kill',
  '_kill',
  '_debugProcess',
  '_debugEnd',
  'getBuiltinModule',
  'binding',
  '_linkedBinding',
  'dlopen',
  'mainModule',
  '_getActiveHandles',
  '_getActiveRequests',
  'stdin',
  'stdout',
  'stderr',
  'openStdin',
  'channel',
  '_channel',
  'loadEnvFile',
  'execve',
  'report',
  'chdir',
  'umask',
  'setuid',
  'seteuid',
  'setgid',
  'setegid',
  'setgroups',
  'initgroups',
];

/**
 * Emscripten reports some failures with console.warn and console.error. Node's console holds the
 * process's standard streams (one of them the channel to the runner), so it is replaced by one that
 * writes nowhere.
 */
const SILENT_CONSOLE = Object.freeze(
  Object.fromEntries(
    ['log', 'info', 'debug', 'warn', 'error', 'trace', 'dir', 'table'].map((name) => [
      name,
      () => {},
    ]),
  ),
);

/** Makes the realm useless to a program that reaches it. Throws rather than leave a power. */
export function lockDownRealm() {
  for (const key of PROCESS_POWERS) {
    Object.defineProperty(process, key, {
      value: undefined,
      writable: false,
      enumerable: false,
      configurable: false,
    });
  }
  for (const key of Reflect.ownKeys(globalThis)) {
    if (typeof key === 'string' && KEPT_GLOBALS.has(key)) continue;
    if (!Reflect.deleteProperty(globalThis, key)) {
      throw new Error(`the global ${String(key)} cannot be removed`);
    }
  }
  Object.defineProperty(globalThis, 'console', { value: SILENT_CONSOLE });
}

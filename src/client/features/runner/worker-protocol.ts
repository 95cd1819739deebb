/** Messages between the page (python-runtime.ts) and the Python worker (python.worker.ts). */

export type WorkerRequest =
  | { type: 'init'; indexURL: string; interrupt?: SharedArrayBuffer }
  /** `request` is the harness's JSON request: {code, stdin, setup, tests}. */
  | { type: 'run'; id: number; request: string };

export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'load-error'; message: string }
  | { type: 'output'; id: number; chunks: OutputChunk[] }
  | { type: 'result'; id: number; json: string }
  | { type: 'crash'; id: number; message: string };

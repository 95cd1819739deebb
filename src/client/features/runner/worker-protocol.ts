/** Messages between the page (python-runtime.ts) and the Python worker (python.worker.ts). */

export type WorkerRequest =
  | { type: 'init'; indexURL: string; interrupt?: SharedArrayBuffer }
  /**
   * `request` is the harness's JSON request: {code, stdin, setup, tests}. With `ask`, input()
   * waits for the learner's answer through the input relay instead of reading `stdin`; with
   * `trace`, the program runs under the step-through tracer.
   */
  | { type: 'run'; id: number; request: string; ask: boolean; trace: boolean };

export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
}

export type WorkerReply =
  /** `relay`: this worker's synchronous requests reach the service worker's input relay. */
  | { type: 'ready'; relay: boolean }
  | { type: 'load-error'; message: string }
  | { type: 'output'; id: number; chunks: OutputChunk[] }
  /** The program called input() and waits; the page answers by posting to the service worker. */
  | { type: 'input'; id: number; key: string }
  /** The program drew with turtle (decision 0033): the drawing's JSON, sent just before its result. */
  | { type: 'drawing'; id: number; json: string }
  | { type: 'result'; id: number; json: string }
  | { type: 'crash'; id: number; message: string };

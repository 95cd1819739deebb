// The few parts of autocannon's API that scripts/bench.ts and bench-scale use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** Requests per second over all connections (a fixed rate instead of as fast as possible). */
    overallRate?: number;
    /** Each request is passed through setupRequest first (to vary its path, for example). */
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[];
  }
  export interface RawRequest {
    path: string;
    method?: string;
    headers?: Record<string, string>;
  }
  interface Result {
    /** Per-second request counts, plus how many requests were answered in all. */
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  /** The running benchmark: awaitable for its result, and an emitter of each response. */
  interface Instance extends PromiseLike<Result> {
    /** `responseTime` is in milliseconds with fractions (the result's histogram keeps whole ms). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}

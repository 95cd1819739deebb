// The few parts of autocannon's API that scripts/bench.ts uses (the package ships no types).
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
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
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
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

// The few parts of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number; max: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  interface Client { readonly opts?: unknown }
  interface Instance {
    on(event: 'response', listener: (client: Client, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: 'done', listener: (result: Result) => void): this;
    stop(): void;
  }
  function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}

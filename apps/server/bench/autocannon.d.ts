/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    requests?: (RequestSpec & { setupRequest?: (req: RequestSpec) => RequestSpec })[];
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

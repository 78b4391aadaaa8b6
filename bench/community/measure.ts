import { performance } from 'node:perf_hooks';

/** Latencies (ms) of one measured read. */
export class Samples {
  readonly ms: number[] = [];
  add(value: number): void {
    this.ms.push(value);
  }
  percentile(share: number): number {
    if (this.ms.length === 0) return Number.NaN;
    const sorted = [...this.ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] as number;
  }
  get p50(): number {
    return this.percentile(0.5);
  }
  get p99(): number {
    return this.percentile(0.99);
  }
}

/**
 * Runs `once` `count` times, `concurrency` at a time (closed loop), after `warmup` unmeasured runs;
 * each run's wall time is a sample. `once` gets the run's index (to walk pages, vary terms).
 */
export async function measure(count: number, concurrency: number, warmup: number, once: (index: number) => Promise<void>): Promise<Samples> {
  for (let index = 0; index < warmup; index += 1) await once(index);
  const samples = new Samples();
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= count) return;
      const started = performance.now();
      await once(index);
      samples.add(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}

/** An HTTP client of the server's envelope: throws unless `code` is 200. */
export function apiClient(baseUrl: string) {
  const check = async (response: Response, what: string) => {
    const body = (await response.json()) as { code: number; msg?: string; data: unknown };
    if (response.status !== 200 || body.code !== 200) throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body.data;
  };
  return {
    get: async <T>(path: string, query: Record<string, string | number>) => {
      const url = new URL(path, baseUrl);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      return (await check(await fetch(url), path)) as T;
    },
    post: async <T>(path: string, body: unknown) =>
      (await check(await fetch(new URL(path, baseUrl), { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(body) }), path)) as T,
  };
}

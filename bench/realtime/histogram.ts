/** Latencies in 50 µs buckets up to 10 s: percentiles without keeping every sample. */
export class LatencyHistogram {
  private static readonly BUCKET_MICROS = 50;
  private readonly buckets = new Uint32Array(200_000);
  count = 0;

  record(micros: number): void {
    const index = Math.min(this.buckets.length - 1, Math.max(0, Math.floor(micros / LatencyHistogram.BUCKET_MICROS)));
    this.buckets[index] = (this.buckets[index] as number) + 1;
    this.count += 1;
  }

  /** The latency (ms) below which `share` of the samples fall. */
  percentileMs(share: number): number {
    if (this.count === 0) return Number.NaN;
    const target = Math.ceil(this.count * share);
    let seen = 0;
    for (let index = 0; index < this.buckets.length; index += 1) {
      seen += this.buckets[index] as number;
      if (seen >= target) return ((index + 1) * LatencyHistogram.BUCKET_MICROS) / 1_000;
    }
    return Number.POSITIVE_INFINITY;
  }

  reset(): void {
    this.buckets.fill(0);
    this.count = 0;
  }
}

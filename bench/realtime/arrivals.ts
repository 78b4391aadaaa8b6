import { LatencyHistogram } from './histogram';

/** The decimal digits at `start` of a payload (a send time in µs), without decoding the payload. */
export function readDigitsAt(payload: Buffer, start: number): number {
  let value = 0;
  for (let index = start; index < payload.length; index += 1) {
    const digit = (payload[index] as number) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

/** What a client fleet measures of the messages it receives: count, latency, first and last arrival. */
export class Arrivals {
  readonly histogram = new LatencyHistogram();
  received = 0;
  private first = 0;
  private last = 0;

  record(sentAtMicros: number, arrivedMicros: number): void {
    this.histogram.record(arrivedMicros - sentAtMicros);
    this.received += 1;
    if (this.first === 0) this.first = arrivedMicros;
    this.last = arrivedMicros;
  }

  reset(): void {
    this.histogram.reset();
    this.received = 0;
    this.first = 0;
    this.last = 0;
  }

  /** The report both fleets send their parent. */
  summary(): { received: number; p50: number; p99: number; spanMicros: number } {
    return { received: this.received, p50: this.histogram.percentileMs(0.5), p99: this.histogram.percentileMs(0.99), spanMicros: this.last - this.first };
  }
}

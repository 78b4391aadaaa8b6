import { describe, expect, it } from 'vitest';
import { FlvDelayMeter, MAX_DELAY_MS, bufferAheadSeconds, hlsDelayMs, streamClockOf } from './playerDelay';

/** A <video>'s buffered ranges and position, as the browser reports them. */
function videoAt(currentTime: number, ranges: [number, number][]) {
  return {
    currentTime,
    buffered: {
      length: ranges.length,
      start: (index: number) => (ranges[index] as [number, number])[0],
      end: (index: number) => (ranges[index] as [number, number])[1],
    } as TimeRanges,
  };
}

describe('streamClockOf', () => {
  it('reads the server clock tag and ignores other script data', () => {
    expect(streamClockOf({ onStreamClock: { ts: 100_040, wallMs: 1_764_000_000_000 } })).toEqual({ ts: 100_040, wallMs: 1_764_000_000_000 });
    expect(streamClockOf({ onMetaData: { width: 1280 } })).toBeNull();
    expect(streamClockOf({ onStreamClock: { ts: '1', wallMs: 2 } })).toBeNull();
    expect(streamClockOf({ onStreamClock: { ts: 1, wallMs: Number.NaN } })).toBeNull();
    expect(streamClockOf(null)).toBeNull();
  });
});

describe('bufferAheadSeconds', () => {
  it('is the buffered media ahead of the frame on screen, in the range that holds it', () => {
    expect(bufferAheadSeconds(videoAt(10, [[0, 5], [9.5, 10.3]]))).toBeCloseTo(0.3);
    expect(bufferAheadSeconds(videoAt(10, []))).toBe(0);
    expect(bufferAheadSeconds(videoAt(10.4, [[9.5, 10.3]]))).toBe(0);
  });
});

describe('FlvDelayMeter', () => {
  it('is unknown until a clock tag came', () => {
    expect(new FlvDelayMeter().delayMs(videoAt(1, [[0, 2]]))).toBeNull();
  });

  it('adds how late the newest frame arrived to what is buffered ahead of the picture', () => {
    const meter = new FlvDelayMeter();
    meter.onClock({ ts: 100_000, wallMs: 1_000_000 }, 1_000_120); // arrived 120 ms after the ingest got it
    expect(meter.delayMs(videoAt(3, [[0, 3.25]]))).toBe(370);
    meter.onClock({ ts: 101_000, wallMs: 1_001_000 }, 1_001_060);
    expect(meter.delayMs(videoAt(4, [[0, 4.1]]))).toBe(160);
  });

  it('clamps a viewer clock ahead of or far behind the server', () => {
    const meter = new FlvDelayMeter();
    meter.onClock({ ts: 0, wallMs: 5_000 }, 1_000);
    expect(meter.delayMs(videoAt(0, []))).toBe(0);
    meter.onClock({ ts: 0, wallMs: 0 }, 10 * MAX_DELAY_MS);
    expect(meter.delayMs(videoAt(0, []))).toBe(MAX_DELAY_MS);
    meter.reset();
    expect(meter.delayMs(videoAt(0, []))).toBeNull();
  });
});

describe('hlsDelayMs', () => {
  it('is now minus the playing frame program date time', () => {
    expect(hlsDelayMs(new Date(1_000_000), 1_002_500)).toBe(2_500);
    expect(hlsDelayMs(null, 1)).toBeNull();
    expect(hlsDelayMs(new Date(Number.NaN), 1)).toBeNull();
  });
});

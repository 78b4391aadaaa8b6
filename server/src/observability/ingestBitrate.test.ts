import { describe, expect, it } from 'vitest';
import { IngestBitrates } from './ingestBitrate';

describe('IngestBitrates', () => {
  const since = 1_000_000;

  it('measures a new stream since it connected, then between scrapes', () => {
    const bitrates = new IngestBitrates();
    // 250 000 bytes in 2 s: 1 Mbit/s.
    expect(bitrates.sample([{ roomId: 7, receivedBytes: 250_000, publishingSince: since }], since + 2_000)).toEqual(new Map([[7, 1_000_000]]));
    // Then only what came since: 50 000 bytes in 1 s = 400 kbit/s, not the average since connecting.
    expect(bitrates.sample([{ roomId: 7, receivedBytes: 300_000, publishingSince: since }], since + 3_000)).toEqual(new Map([[7, 400_000]]));
  });

  it('starts over when the room publishes again on a new connection, and forgets streams that ended', () => {
    const bitrates = new IngestBitrates();
    bitrates.sample([{ roomId: 7, receivedBytes: 900_000, publishingSince: since }], since + 9_000);
    // Reconnected at +10 s: 125 000 bytes in its first second.
    const again = since + 10_000;
    expect(bitrates.sample([{ roomId: 7, receivedBytes: 125_000, publishingSince: again }], again + 1_000)).toEqual(new Map([[7, 1_000_000]]));
    expect(bitrates.sample([], again + 2_000)).toEqual(new Map());
    expect(bitrates.sample([{ roomId: 7, receivedBytes: 125_000, publishingSince: again }], again + 3_000)).toEqual(new Map([[7, 333_333]]));
  });

  it('answers 0 rather than dividing by no time', () => {
    expect(new IngestBitrates().sample([{ roomId: 1, receivedBytes: 10, publishingSince: since }], since)).toEqual(new Map([[1, 0]]));
  });
});

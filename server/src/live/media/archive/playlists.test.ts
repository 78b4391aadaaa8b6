import { describe, expect, it } from 'vitest';
import { archivePlaylist } from './playlists';

const segment = (seq: number, startedAtMs: number, durationMs = 1_000) => ({ broadcastId: 7, seq, startedAtMs, durationMs, bytes: 1_000, storageKey: `broadcasts/7/${seq}.ts` });
const t0 = Date.parse('2026-12-06T08:00:00.000Z');

describe('archive playlists', () => {
  it('dates the first segment, then only where extrapolating would be off or the numbering jumps', () => {
    const text = archivePlaylist([segment(3, t0), segment(4, t0 + 1_040), segment(5, t0 + 2_300), segment(7, t0 + 4_300, 1_500)], false);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:3',
      '#EXT-X-PROGRAM-DATE-TIME:2026-12-06T08:00:00.000Z',
      '#EXTINF:1.000,',
      '/replay/7/3.ts',
      // 40 ms off: within the tolerance, no date.
      '#EXTINF:1.000,',
      '/replay/7/4.ts',
      // 260 ms off: dated.
      '#EXT-X-PROGRAM-DATE-TIME:2026-12-06T08:00:02.300Z',
      '#EXTINF:1.000,',
      '/replay/7/5.ts',
      // A segment skipped (broken): dated.
      '#EXT-X-PROGRAM-DATE-TIME:2026-12-06T08:00:04.300Z',
      '#EXTINF:1.500,',
      '/replay/7/7.ts',
      '',
    ]);
  });

  it('a replay is VOD with an end', () => {
    const text = archivePlaylist([segment(0, t0)], true);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(text.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
  });
});

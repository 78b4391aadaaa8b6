/**
 * Blocking playlist reload, LL-HLS's delivery directive without parts (RFC 8216bis 6.2.5.2,
 * issue 37). A player that knows the playlist up to segment N asks `index.m3u8?_HLS_msn=N+1` at
 * once; the server holds the request until ffmpeg lists segment N+1 and answers the moment it
 * does. Without it a player polls once a target duration (1 s) and learns of a new segment up to a
 * second late, which it must keep as extra buffer. hls.js (lowLatencyMode, which mf-live sets)
 * sends the directive when the playlist says `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES`.
 *
 * - `_HLS_msn` more than two segments ahead of the playlist: 400 (the RFC's rule: a client that
 *   asks that far ahead is wrong, and must not hang).
 * - Held for at most BLOCKING_HOLD_TARGETS target durations; then the playlist as it is (the
 *   player asks again; a stream that stopped ends in the room's offline state, not in an error).
 * - While requests wait, one read of the file per POLL_MS for each playlist, whatever the number
 *   of waiting viewers (an edge in front collapses them further: deploy/nginx keys by `_HLS_msn`).
 */

export const BLOCKING_HOLD_TARGETS = 3;
const POLL_MS = 40;
/** The largest `_HLS_msn` the route accepts (ffmpeg's segment numbers stay far below). */
export const MAX_MEDIA_SEQUENCE = 2_000_000_000;

const TARGET_DURATION = /^#EXT-X-TARGETDURATION:([0-9]+)\s*$/m;
const MEDIA_SEQUENCE = /^#EXT-X-MEDIA-SEQUENCE:([0-9]+)\s*$/m;
const SEGMENT_LINE = /^#EXTINF:/gm;

/** The media sequence number of the playlist's first segment (0 when it does not say). */
export function firstMediaSequence(playlist: string): number {
  return Number(MEDIA_SEQUENCE.exec(playlist)?.[1] ?? 0);
}

/** The media sequence number of the playlist's last segment; null before it lists one. */
export function lastMediaSequence(playlist: string): number | null {
  const count = playlist.match(SEGMENT_LINE)?.length ?? 0;
  return count === 0 ? null : firstMediaSequence(playlist) + count - 1;
}

/** Whether a request for segment `msn` is answered by this playlist: it lists it, or the stream ended. */
function answers(playlist: string, msn: number): boolean {
  const last = lastMediaSequence(playlist);
  return (last !== null && msn <= last) || playlist.includes('#EXT-X-ENDLIST');
}

/** The playlist telling players they may ask for the next segment's playlist and wait for it. */
export function withBlockingReload(playlist: string): string {
  if (playlist.includes('#EXT-X-SERVER-CONTROL')) return playlist;
  return playlist.replace(TARGET_DURATION, (line) => `${line}\n#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES`);
}

/** How long a blocking request for this playlist may be held, ms. */
export function holdMsOf(playlist: string, fallbackSegmentSeconds: number): number {
  const target = Number(TARGET_DURATION.exec(playlist)?.[1] ?? fallbackSegmentSeconds);
  return BLOCKING_HOLD_TARGETS * Math.max(1, target) * 1000;
}

/** What a blocking request gets: the playlist, or that it asked too far ahead. */
export type BlockingAnswer = { playlist: Buffer } | { tooFarAhead: true; last: number | null } | null;

interface Waiter {
  msn: number;
  deadline: number;
  resolve: (answer: BlockingAnswer) => void;
}

/**
 * Blocking requests waiting on playlist files, grouped by file: one poll loop per file while any
 * request waits on it.
 */
export class PlaylistWaits {
  private readonly waiting = new Map<string, Set<Waiter>>();

  constructor(
    private readonly read: (file: string) => Promise<Buffer | null>,
    private readonly segmentSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Requests held now (all playlists). */
  get size(): number {
    let size = 0;
    for (const waiters of this.waiting.values()) size += waiters.size;
    return size;
  }

  /**
   * The playlist at `file` once it lists segment `msn`, or as it is after the hold; null when the
   * file is gone (the stream ended).
   */
  async until(file: string, msn: number): Promise<BlockingAnswer> {
    const body = await this.read(file);
    if (body === null) return null;
    const text = body.toString('utf8');
    if (answers(text, msn)) return { playlist: body };
    const last = lastMediaSequence(text);
    if (msn > (last ?? -1) + 2) return { tooFarAhead: true, last };
    return new Promise<BlockingAnswer>((resolve) => {
      const waiter: Waiter = { msn, deadline: this.now() + holdMsOf(text, this.segmentSeconds), resolve };
      let waiters = this.waiting.get(file);
      if (waiters === undefined) {
        waiters = new Set();
        this.waiting.set(file, waiters);
        this.poll(file, waiters);
      }
      waiters.add(waiter);
    });
  }

  private poll(file: string, waiters: Set<Waiter>): void {
    setTimeout(() => {
      void this.read(file)
        .catch(() => null)
        .then((body) => {
          const text = body?.toString('utf8') ?? null;
          const now = this.now();
          for (const waiter of waiters) {
            if (body === null || text === null) waiter.resolve(null);
            else if (answers(text, waiter.msn) || now >= waiter.deadline) waiter.resolve({ playlist: body });
            else continue;
            waiters.delete(waiter);
          }
          if (waiters.size > 0) this.poll(file, waiters);
          else this.waiting.delete(file);
        });
    }, POLL_MS).unref();
  }
}

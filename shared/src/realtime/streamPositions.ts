import { type ClientFrame, LIVE_STREAMS, type LiveDataFrame, type LiveStream, isDeltaStream, isExponentStream, isStateStream } from './liveDataFrames';

/** How many goal seqs are remembered for dedupe: far more than a reconnect can replay. */
const GOAL_SEQS_REMEMBERED = 2_048;

/**
 * What the client has seen of each stream: the position it resumes from after a reconnect, and
 * the dedupe that makes sure no frame is delivered twice.
 *
 * State streams (match, exponent) are applied in order: a frame at or below the position is a
 * repeat or older than what is shown, and is dropped. Snapshots always apply (they replace
 * everything, even at an equal seq after a toggle). Goal frames can arrive out of order (a
 * replay after live ones), so they are deduped by seq, not by position.
 */
export class StreamPositions {
  private readonly positions = new Map<LiveStream, number>();
  private readonly goalSeqs = new Set<number>();

  /** True when the frame should be delivered; records it either way. */
  accept(frame: LiveDataFrame): boolean {
    const stream = frame.type;
    const position = this.positions.get(stream);
    // State streams and the match centre's deltas come in order: at or below the position is a repeat.
    if (isStateStream(stream) || isDeltaStream(stream)) {
      const snapshot = 'snapshot' in frame && frame.snapshot === true;
      if (!snapshot && position !== undefined && frame.seq <= position) return false;
      this.advance(stream, frame.seq);
      return true;
    }
    if (this.goalSeqs.has(frame.seq)) return false;
    this.goalSeqs.add(frame.seq);
    if (this.goalSeqs.size > GOAL_SEQS_REMEMBERED) {
      // Sets iterate in insertion order: drop the oldest.
      const oldest = this.goalSeqs.values().next().value;
      if (oldest !== undefined) this.goalSeqs.delete(oldest);
    }
    this.advance(stream, frame.seq);
    return true;
  }

  /** The server's `synced` frame: everything up to `seq` has been sent. */
  synced(stream: LiveStream, seq: number): void {
    this.advance(stream, seq);
  }

  position(stream: LiveStream): number | undefined {
    return this.positions.get(stream);
  }

  /** After a company change the exponent positions describe another company's rows. */
  forgetExponents(): void {
    for (const stream of LIVE_STREAMS) if (isExponentStream(stream)) this.positions.delete(stream);
  }

  /** After a classify change the match and exponent rows were filtered differently. */
  forgetStateStreams(): void {
    for (const stream of LIVE_STREAMS) if (isStateStream(stream)) this.positions.delete(stream);
  }

  /** The resume frames of a reconnect: one per stream with a known position. */
  resumeFrames(): ClientFrame[] {
    return LIVE_STREAMS.flatMap((stream) => {
      const lastSeq = this.positions.get(stream);
      return lastSeq === undefined ? [] : [{ type: 'resume' as const, stream, lastSeq }];
    });
  }

  private advance(stream: LiveStream, seq: number): void {
    const position = this.positions.get(stream);
    if (position === undefined || seq > position) this.positions.set(stream, seq);
  }
}

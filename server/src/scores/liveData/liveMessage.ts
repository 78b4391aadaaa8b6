import { type ClipData, type ExponentRow, type GoalData, LIVE_STREAMS, type LiveStream, type MatchCentreDelta, type MatchRow } from '@sports/shared/server';
import { textFrame } from '../../infra/sockets/textFrame';

/** Who may receive a message: `hot` for classify_type 1 clients, `companyId` for exponent rows. */
export interface MessageAudience {
  hot: boolean;
  companyId: number | null;
}

export type StreamData = MatchRow[] | ExponentRow[] | GoalData | ClipData | MatchCentreDelta;

/**
 * One broadcast, encoded once: the JSON text (what Redis carries to other nodes) and the ready
 * WebSocket frame (what every subscriber gets). `data` is kept for the snapshot cache.
 */
export interface LiveMessage extends MessageAudience {
  stream: LiveStream;
  seq: number;
  json: string;
  frame: Buffer;
  data: StreamData;
  /** The match centre's deltas: the match they are about (only its watchers get them); else null. */
  centreMatchId: number | null;
}

function matchIdOf(stream: LiveStream, data: StreamData): number | null {
  if (stream !== 'match_centre') return null;
  const id = (data as { match_id?: unknown }).match_id;
  return typeof id === 'number' ? id : null;
}

export function encodeMessage(stream: LiveStream, seq: number, data: StreamData, audience: MessageAudience): LiveMessage {
  // The one JSON.stringify of this broadcast, whatever the number of subscribers.
  const json = `{"code":100,"type":"${stream}","seq":${seq},"data":${JSON.stringify(data)}}`;
  return { stream, seq, json, frame: textFrame(Buffer.from(json)), data, centreMatchId: matchIdOf(stream, data), ...audience };
}

/** A message received from another node: its JSON is reused as is (parsed once, for the cache). */
export function decodeMessage(json: string, audience: MessageAudience): LiveMessage | null {
  let parsed: { type?: unknown; seq?: unknown; data?: unknown };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch {
    return null;
  }
  const stream = LIVE_STREAMS.find((candidate) => candidate === parsed.type);
  if (stream === undefined || typeof parsed.seq !== 'number' || !Number.isSafeInteger(parsed.seq) || parsed.data === undefined) return null;
  const data = parsed.data as StreamData;
  return { stream, seq: parsed.seq, json, frame: textFrame(Buffer.from(json)), data, centreMatchId: matchIdOf(stream, data), ...audience };
}

/** A control frame (registered, synced…) or a per-client snapshot: small, so built per client. */
export function encodeControl(frame: object): Buffer {
  return textFrame(Buffer.from(JSON.stringify(frame)));
}

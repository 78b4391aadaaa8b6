import type { ClipKind } from '../schemas/clips';
import type { ExponentRow, GoalData, MatchRow, ScoreSport } from '../schemas/scores';
import type { MatchCentreDelta } from '../matchCentre/types';

/**
 * The frames of the live-data socket `/ws/live-data` (SPEC.md section 4), shared by the server
 * that sends them and the client that reads them.
 *
 * Data frames are `{code: 100, type, seq, data}`. Each `type` is a stream with its own sequence
 * numbers (`seq` rises by one a broadcast on the stream; a client sees a subset when it filters).
 * Match and exponent frames carry full rows: a row replaces the stored row with the same key
 * (match_id, or match_id + company_id); a frame with `snapshot: true` replaces the whole set.
 */
export const LIVE_STREAMS = ['football_match', 'football_exponent', 'basketball_match', 'basketball_exponent', 'esports_match', 'general_match', 'goal', 'clip', 'match_centre'] as const;
export type LiveStream = (typeof LIVE_STREAMS)[number];

export type MatchStream = 'football_match' | 'basketball_match' | 'esports_match' | 'general_match';
export type ExponentStream = 'football_exponent' | 'basketball_exponent';
/** Streams whose frames are state (latest wins) rather than events (each one counts). */
export type StateStream = MatchStream | ExponentStream;
/** Streams of events (each one counts): a reconnecting client gets the ones it missed (from the database beyond the ring). */
export type EventStream = 'goal' | 'clip';
/** Streams of keyed deltas to one match, only to the clients watching it (issue 36). */
export type DeltaStream = 'match_centre';
export const EVENT_STREAMS: readonly EventStream[] = ['goal', 'clip'];

export const LIVE_DATA_CODE = 100;

export interface MatchFrame {
  code: typeof LIVE_DATA_CODE;
  type: MatchStream;
  seq: number;
  data: MatchRow[];
  /** The whole set as of `seq`: replace, do not merge. */
  snapshot?: true;
}

export interface ExponentFrame {
  code: typeof LIVE_DATA_CODE;
  type: ExponentStream;
  seq: number;
  data: ExponentRow[];
  snapshot?: true;
}

export interface GoalFrame {
  code: typeof LIVE_DATA_CODE;
  type: 'goal';
  seq: number;
  data: GoalData;
}

/**
 * A feed clip is ready (issue 34): the goal popup offers 看回放 for the clip of its event
 * (`event_id`, or `match_id` + the score). Only feed clips (a goal, a penalty, a red card, a
 * basketball quarter's end or late lead change) go out here; a person's clip only in its room's chat.
 */
export interface ClipData {
  clip_id: number;
  match_id: number | null;
  /** The feed event it shows (match_event id). */
  event_id: number | null;
  kind: ClipKind;
  title: string;
  /** The score after the event (goals, penalties, lead changes). */
  home_score?: number;
  away_score?: number;
  /** Paths on this site: the faststart MP4 and its JPEG thumbnail. */
  video_url: string;
  thumb_url: string;
}

export interface ClipFrame {
  code: typeof LIVE_DATA_CODE;
  type: 'clip';
  seq: number;
  data: ClipData;
}

/**
 * The match centre's changes to one match (issue 36): only to clients watching that match
 * (`{type: 'watch', match_id}`). Deltas are keyed upserts (MatchCentreDelta), so a frame seen
 * twice changes nothing. On a reconnect the missed frames of the watched match are replayed
 * (`synced` mode 'replay'); when they are gone (`synced` mode 'snapshot', no data frame) the page
 * fetches the match centre's documents again and applies the frames after that `seq` on top.
 */
export interface MatchCentreFrame {
  code: typeof LIVE_DATA_CODE;
  type: 'match_centre';
  seq: number;
  data: MatchCentreDelta;
}

export type LiveDataFrame = MatchFrame | ExponentFrame | GoalFrame | ClipFrame | MatchCentreFrame;

/**
 * How a stream was brought up to date after classify (or a resume):
 * replay: the missed frames were sent again; snapshot: a `snapshot: true` frame was sent;
 * live: nothing was missed (or nothing to replay), frames follow from `seq` on.
 */
export type SyncMode = 'replay' | 'snapshot' | 'live';

/** Control frames: answers to the client's frames. */
export type ControlFrame =
  | { type: 'registered' }
  | { type: 'heartbeat' }
  | { type: 'toggled'; company_id: number }
  | { type: 'classified'; classify_type: 0 | 1 }
  /** The match whose match_centre frames this client gets now (null: none). */
  | { type: 'watching'; match_id: number | null }
  /** Everything of `stream` up to `seq` has been sent; live frames continue after it. */
  | { type: 'synced'; stream: LiveStream; seq: number; mode: SyncMode }
  | { type: 'error'; msg: string };

export type ServerFrame = LiveDataFrame | ControlFrame;

/** What the client sends. `resume` goes after toggle and before classify on a reconnect. */
export type ClientFrame =
  | { type: 'register'; info: string }
  | { type: 'heartbeat' }
  | { type: 'toggle'; company_id: number | string }
  | { type: 'classify'; classify_type: 0 | 1 }
  /** The last seq of `stream` this client has seen (from a `synced` frame or a data frame). */
  | { type: 'resume'; stream: LiveStream; lastSeq: number }
  /** Match centre deltas of this match only (null: stop); one match at a time per socket. */
  | { type: 'watch'; match_id: number | null };

export function isStateStream(stream: LiveStream): stream is StateStream {
  return !isEventStream(stream) && !isDeltaStream(stream);
}

/** The match centre's deltas: per watched match, replayed from the ring or refetched (never snapshotted by the socket). */
export function isDeltaStream(stream: LiveStream): stream is DeltaStream {
  return stream === 'match_centre';
}

/** Goals and clips: events, not state (no snapshot; missed ones are replayed). */
export function isEventStream(stream: LiveStream): stream is EventStream {
  return stream === 'goal' || stream === 'clip';
}

/** The stream a sport's match rows go out on (esports and general have no odds). */
export function matchStreamOf(sport: ScoreSport): MatchStream {
  return `${sport}_match`;
}

export function isExponentStream(stream: LiveStream): stream is ExponentStream {
  return stream === 'football_exponent' || stream === 'basketball_exponent';
}

/**
 * SPEC.md section 4: classify_type 0 when the page's mode flag is 1, else 1.
 * 0 = every competition (the scores pages), 1 = hot competitions only (elsewhere).
 */
export function classifyTypeFor(modeFlag: number): 0 | 1 {
  return modeFlag === 1 ? 0 : 1;
}

/** The odds company a client gets exponent rows for until it toggles (皇冠). */
export const DEFAULT_COMPANY_ID = 3;

/**
 * No bookmaker (the odds_company rows are 1, 3 and 8): a client that shows no odds toggles it, and
 * its exponent streams carry no rows. The host's goal feed and a room's score bar need match rows
 * and goals only; with the default company a phone on a room took about 57 KB of odds snapshots per
 * socket, parsed on its main thread, that nothing showed (issue 17, 2 Dec 2026).
 */
export const NO_ODDS_COMPANY_ID = 0;

// Close codes: SocketCloseCode (closeCodes.ts), one table with the chat socket's.

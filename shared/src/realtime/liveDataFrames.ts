import type { ExponentRow, GoalData, MatchRow, ScoreSport } from '../schemas/scores';

/**
 * The frames of the live-data socket `/ws/live-data` (SPEC.md section 4), shared by the server
 * that sends them and the client that reads them.
 *
 * Data frames are `{code: 100, type, seq, data}`. Each `type` is a stream with its own sequence
 * numbers (`seq` rises by one a broadcast on the stream; a client sees a subset when it filters).
 * Match and exponent frames carry full rows: a row replaces the stored row with the same key
 * (match_id, or match_id + company_id); a frame with `snapshot: true` replaces the whole set.
 */
export const LIVE_STREAMS = ['football_match', 'football_exponent', 'basketball_match', 'basketball_exponent', 'esports_match', 'general_match', 'goal'] as const;
export type LiveStream = (typeof LIVE_STREAMS)[number];

export type MatchStream = 'football_match' | 'basketball_match' | 'esports_match' | 'general_match';
export type ExponentStream = 'football_exponent' | 'basketball_exponent';
/** Streams whose frames are state (latest wins) rather than events (each one counts). */
export type StateStream = MatchStream | ExponentStream;

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

export type LiveDataFrame = MatchFrame | ExponentFrame | GoalFrame;

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
  | { type: 'resume'; stream: LiveStream; lastSeq: number };

export function isStateStream(stream: LiveStream): stream is StateStream {
  return stream !== 'goal';
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

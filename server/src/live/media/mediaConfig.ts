import { type ReadVar, parseInteger } from '../../infra/config/envVars';

/** The video part of the configuration (MEDIA_*, DEMO_STREAMS); see server/README.md "Video". */
export interface MediaConfig {
  /** embedded: RTMP ingest, HTTP-FLV and HLS in this process; external: a media server / CDN by templates. */
  mode: 'embedded' | 'external';
  /** MEDIA_SIGNING_SECRET; null: generated once into DATA_DIR/media-secret. */
  signingSecret: string | null;
  /** How long a push address handed out by getLiveUrl works. */
  pushKeyTtlHours: number;
  embedded: EmbeddedMediaConfig;
  external: ExternalMediaConfig | null;
  /** DEMO_STREAMS: rooms of seeded demo anchors that loop a demo clip into the ingest (embedded, with ffmpeg; demoStreams.ts). */
  demoStreams: number;
  /** The media archive: time-shift, replays, storage and its policy (archive/README.md). */
  archive: ArchiveConfig;
}

/** The media archive's part (DVR_WINDOW_MINUTES, REPLAY_RETENTION_DAYS, MEDIA_QUOTA_BYTES, MEDIA_STORAGE_DIR). */
export interface ArchiveConfig {
  /** How far back a live room can be rewound (回看). */
  dvrWindowMinutes: number;
  /** Replays older than this (from their end) are deleted by the retention sweep. */
  replayRetentionDays: number;
  /** The most bytes the media storage keeps (replays and clips); null: only the disk bounds it. */
  quotaBytes: number | null;
  /** Where the local media storage keeps its files; null: DATA_DIR/media. */
  storageDir: string | null;
  /** How often the retention sweep runs. */
  sweepSeconds: number;
}

export const DEFAULT_DVR_WINDOW_MINUTES = 120;
export const DEFAULT_REPLAY_RETENTION_DAYS = 30;
/** 20 GiB: a month of a few rooms at a modest bitrate; the oldest replays go first beyond it. */
export const DEFAULT_MEDIA_QUOTA_BYTES = 20 * 1024 ** 3;

export function defaultArchiveConfig(): ArchiveConfig {
  return { dvrWindowMinutes: DEFAULT_DVR_WINDOW_MINUTES, replayRetentionDays: DEFAULT_REPLAY_RETENTION_DAYS, quotaBytes: null, storageDir: null, sweepSeconds: 60 };
}

export interface EmbeddedMediaConfig {
  /** Address the RTMP listener binds (loopback by default: OBS on this machine). */
  rtmpHost: string;
  /** 0: any free port (tests). */
  rtmpPort: number;
  /** The RTMP server address anchors are shown, e.g. rtmp://live.example.com:1935/live; null: derived. */
  rtmpPublicUrl: string | null;
  /** ffmpeg for HLS (and demo streams); null: no HLS. */
  ffmpegPath: string | null;
  hlsSegmentSeconds: number;
  /** Segments kept in the playlist (older ones are deleted). */
  hlsListSize: number;
  /** A publisher that drops and comes back from the same address within this keeps its broadcast. */
  reconnectGraceSeconds: number;
  rtmpLimits: RtmpLimits;
  /**
   * MEDIA_INTERNAL_URL: where the other nodes reach this one's HTTP (http://10.0.0.5:3000), to
   * pull the rooms pushed here (origin/README.md); null: http://127.0.0.1:<the port it listens on>
   * (nodes on one machine).
   */
  internalUrl: string | null;
  /** MEDIA_ORIGIN_LEASE_SECONDS: a dead node's rooms go offline this long after its last renewal. */
  originLeaseSeconds: number;
}

/**
 * What RTMP connections may take before and after their publish is admitted. Before, anyone can
 * connect (the key is checked at publish), so a connection must be cheap; after, it is an anchor's
 * encoder, whose keyframes can be several hundred KB.
 */
export interface RtmpLimits {
  /** Connections at once (each encoder publishes one stream). */
  maxConnections: number;
  /** Connections at once from one address, so one address cannot take every slot. */
  maxPerAddress: number;
  /** A connection must be publishing (admitted) this long after connecting, whatever it sends. */
  publishDeadlineMs: number;
  unadmitted: { maxMessageBytes: number; maxChunkStreams: number };
  admitted: { maxMessageBytes: number; maxChunkStreams: number };
}

/** The largest length an RTMP chunk header can declare (3 bytes). */
const RTMP_MAX_DECLARABLE = 0xffffff;

export function defaultRtmpLimits(): RtmpLimits {
  return {
    maxConnections: 200,
    maxPerAddress: 10,
    publishDeadlineMs: 10_000,
    unadmitted: { maxMessageBytes: 64 * 1024, maxChunkStreams: 8 },
    admitted: { maxMessageBytes: 8 * 1024 * 1024, maxChunkStreams: 32 },
  };
}

export interface ExternalMediaConfig {
  /** With {stream} and {sign}: rtmp://push.example.com/live/{stream}?sign={sign}. */
  pushUrlTemplate: string;
  flvUrlTemplate: string;
  /** Null: no HLS offered. */
  hlsUrlTemplate: string | null;
  /** The media server's HTTP callbacks present it (`?secret=` or `Authorization: Bearer`). */
  hookSecret: string;
}

export const MEDIA_MODES = ['embedded', 'external'] as const;
/** One room of each category broadcasts on a fresh start; 0 turns demo streams off. */
export const DEFAULT_DEMO_STREAMS = 4;
/** The seeded demo rooms (seedDemoRooms.ts), and below the ingest's per-address connection limit. */
export const MAX_DEMO_STREAMS = 8;
export const MIN_MEDIA_SECRET_LENGTH = 16;
/** With the sweep every sixth of it, a killed origin's rooms are offline within 3.5 s (issue 37: 5 s). */
export const DEFAULT_ORIGIN_LEASE_SECONDS = 3;

/** Defaults for buildApp callers that pass no config (tests): embedded, any free RTMP port, no demo streams. */
export function defaultMediaConfig(): MediaConfig {
  return {
    mode: 'embedded',
    signingSecret: null,
    pushKeyTtlHours: 24,
    embedded: {
      rtmpHost: '127.0.0.1',
      rtmpPort: 0,
      rtmpPublicUrl: null,
      ffmpegPath: 'ffmpeg',
      hlsSegmentSeconds: 1,
      hlsListSize: 4,
      reconnectGraceSeconds: 0,
      rtmpLimits: defaultRtmpLimits(),
      internalUrl: null,
      originLeaseSeconds: DEFAULT_ORIGIN_LEASE_SECONDS,
    },
    external: null,
    demoStreams: 0,
    archive: defaultArchiveConfig(),
  };
}

export function loadMediaConfig(read: ReadVar, problems: string[]): MediaConfig {
  const int = (name: string, fallback: number, min: number, max: number) => parseInteger(name, read(name), { fallback, min, max }, problems);
  const mode = read('MEDIA_MODE') ?? 'embedded';
  if (mode !== 'embedded' && mode !== 'external') problems.push(`MEDIA_MODE must be one of ${MEDIA_MODES.join(', ')}, got "${mode}"`);
  const signingSecret = read('MEDIA_SIGNING_SECRET') ?? null;
  if (signingSecret !== null && signingSecret.length < MIN_MEDIA_SECRET_LENGTH) {
    problems.push(`MEDIA_SIGNING_SECRET must have at least ${MIN_MEDIA_SECRET_LENGTH} characters`);
  }
  const ffmpeg = read('MEDIA_FFMPEG_PATH') ?? 'ffmpeg';
  return {
    mode: mode === 'external' ? 'external' : 'embedded',
    signingSecret,
    pushKeyTtlHours: int('MEDIA_PUSH_KEY_TTL_HOURS', 24, 1, 8_760),
    embedded: {
      rtmpHost: read('MEDIA_RTMP_HOST') ?? '127.0.0.1',
      rtmpPort: int('MEDIA_RTMP_PORT', 1935, 0, 65_535),
      rtmpPublicUrl: parseRtmpUrl(read('MEDIA_RTMP_PUBLIC_URL'), problems),
      // MEDIA_FFMPEG_PATH=off: no HLS even where ffmpeg is installed.
      ffmpegPath: ffmpeg === 'off' ? null : ffmpeg,
      hlsSegmentSeconds: int('MEDIA_HLS_SEGMENT_SECONDS', 1, 1, 10),
      hlsListSize: int('MEDIA_HLS_LIST_SIZE', 4, 3, 30),
      reconnectGraceSeconds: int('MEDIA_RECONNECT_GRACE_SECONDS', 10, 0, 300),
      rtmpLimits: loadRtmpLimits(int, problems),
      internalUrl: parseInternalUrl(read('MEDIA_INTERNAL_URL'), problems),
      originLeaseSeconds: int('MEDIA_ORIGIN_LEASE_SECONDS', DEFAULT_ORIGIN_LEASE_SECONDS, 2, 60),
    },
    external: mode === 'external' ? loadExternal(read, problems) : null,
    demoStreams: int('DEMO_STREAMS', DEFAULT_DEMO_STREAMS, 0, MAX_DEMO_STREAMS),
    archive: {
      dvrWindowMinutes: int('DVR_WINDOW_MINUTES', DEFAULT_DVR_WINDOW_MINUTES, 1, 24 * 60),
      replayRetentionDays: int('REPLAY_RETENTION_DAYS', DEFAULT_REPLAY_RETENTION_DAYS, 1, 3_650),
      quotaBytes: parseByteSize('MEDIA_QUOTA_BYTES', read('MEDIA_QUOTA_BYTES'), DEFAULT_MEDIA_QUOTA_BYTES, problems),
      storageDir: read('MEDIA_STORAGE_DIR') ?? null,
      sweepSeconds: int('MEDIA_SWEEP_SECONDS', 60, 1, 86_400),
    },
  };
}

const BYTE_UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/**
 * A size in bytes: a whole number, optionally with K, M, G or T (powers of 1024: `50G`), or `off`
 * (no quota: only the disk bounds it). 0 keeps nothing (every recording fails, visibly).
 */
export function parseByteSize(name: string, raw: string | undefined, fallback: number | null, problems: string[]): number | null {
  if (raw === undefined) return fallback;
  if (raw === 'off') return null;
  const match = /^([0-9]{1,16})([KMGT]?)$/i.exec(raw);
  const value = match === null ? Number.NaN : Number(match[1]) * (BYTE_UNITS[(match[2] ?? '').toUpperCase()] ?? Number.NaN);
  if (!Number.isSafeInteger(value)) {
    problems.push(`${name} must be a whole number of bytes, optionally with K, M, G or T (e.g. 50G), or off, got "${raw}"`);
    return fallback;
  }
  return value;
}

function loadRtmpLimits(int: (name: string, fallback: number, min: number, max: number) => number, problems: string[]): RtmpLimits {
  const defaults = defaultRtmpLimits();
  const limits: RtmpLimits = {
    maxConnections: int('MEDIA_RTMP_MAX_CONNECTIONS', defaults.maxConnections, 1, 100_000),
    maxPerAddress: int('MEDIA_RTMP_MAX_PER_ADDRESS', defaults.maxPerAddress, 1, 100_000),
    publishDeadlineMs: int('MEDIA_RTMP_PUBLISH_DEADLINE_MS', defaults.publishDeadlineMs, 500, 120_000),
    unadmitted: {
      maxMessageBytes: int('MEDIA_RTMP_UNADMITTED_MAX_MESSAGE_BYTES', defaults.unadmitted.maxMessageBytes, 4_096, RTMP_MAX_DECLARABLE),
      maxChunkStreams: int('MEDIA_RTMP_UNADMITTED_MAX_CHUNK_STREAMS', defaults.unadmitted.maxChunkStreams, 4, 1_024),
    },
    admitted: {
      maxMessageBytes: int('MEDIA_RTMP_MAX_MESSAGE_BYTES', defaults.admitted.maxMessageBytes, 65_536, RTMP_MAX_DECLARABLE),
      maxChunkStreams: int('MEDIA_RTMP_MAX_CHUNK_STREAMS', defaults.admitted.maxChunkStreams, 4, 1_024),
    },
  };
  // Admission only ever raises what a session may hold.
  if (limits.unadmitted.maxMessageBytes > limits.admitted.maxMessageBytes) {
    problems.push('MEDIA_RTMP_UNADMITTED_MAX_MESSAGE_BYTES must not be above MEDIA_RTMP_MAX_MESSAGE_BYTES');
  }
  if (limits.unadmitted.maxChunkStreams > limits.admitted.maxChunkStreams) {
    problems.push('MEDIA_RTMP_UNADMITTED_MAX_CHUNK_STREAMS must not be above MEDIA_RTMP_MAX_CHUNK_STREAMS');
  }
  return limits;
}

function loadExternal(read: ReadVar, problems: string[]): ExternalMediaConfig {
  const template = (name: string, required: boolean): string | null => {
    const value = read(name);
    if (value === undefined) {
      if (required) problems.push(`${name} is required with MEDIA_MODE=external`);
      return null;
    }
    if (!value.includes('{stream}')) problems.push(`${name} must contain {stream}`);
    return value;
  };
  const push = template('MEDIA_PUSH_URL_TEMPLATE', true);
  if (push !== null && !/\/[^/]*\{stream\}[^/]*$/.test(push)) problems.push('MEDIA_PUSH_URL_TEMPLATE must end with a path segment holding {stream}');
  const hookSecret = read('MEDIA_HOOK_SECRET');
  if (hookSecret === undefined || hookSecret.length < MIN_MEDIA_SECRET_LENGTH) {
    problems.push(`MEDIA_HOOK_SECRET (at least ${MIN_MEDIA_SECRET_LENGTH} characters) is required with MEDIA_MODE=external`);
  }
  return {
    pushUrlTemplate: push ?? '',
    flvUrlTemplate: template('MEDIA_FLV_URL_TEMPLATE', true) ?? '',
    hlsUrlTemplate: template('MEDIA_HLS_URL_TEMPLATE', false),
    hookSecret: hookSecret ?? '',
  };
}

function parseRtmpUrl(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined) return null;
  if (!/^rtmps?:\/\/[^/\s]+(\/[^\s?#]*)?$/.test(raw)) {
    problems.push(`MEDIA_RTMP_PUBLIC_URL must look like rtmp://host[:port]/live, got "${raw}"`);
    return null;
  }
  return raw.replace(/\/+$/, '');
}

function parseInternalUrl(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined) return null;
  if (!/^https?:\/\/[^/\s?#@]{1,190}\/?$/.test(raw)) {
    problems.push(`MEDIA_INTERNAL_URL must look like http://host:port (the address other nodes reach this one at), got "${raw}"`);
    return null;
  }
  return raw.replace(/\/+$/, '');
}

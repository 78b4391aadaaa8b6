import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A typed view of the parts of node-media-server 4.4.3 we embed. We do not start its
 * NodeMediaServer: that one calls process.exit() when a port is taken, opens an express HTTP
 * server, writes a JSON store into the working directory and logs with console.log. We reuse its
 * RTMP protocol, sessions and BroadcastServer (GOP cache, FLV muxing) and run the listener and
 * the HTTP side ourselves. The module state (Context) is process-wide: one ingest per process
 * publishes at a time (tests start them one after another).
 */

const require = createRequire(import.meta.url);
const NMS_SRC = 'node-media-server/src';

/** Query of a publish/play URL as NMS parsed it (querystring.parse). */
export type StreamQuery = Record<string, string | string[] | undefined>;

export interface NmsSession {
  id: string;
  /** "address:port"; empty for internal sessions (NMS does not count or announce those). */
  ip: string;
  protocol: string;
  isPublisher: boolean;
  streamApp: string;
  streamName: string;
  streamPath: string;
  streamQuery: StreamQuery;
  broadcast: NmsBroadcast;
  sendBuffer: (buffer: Buffer) => void;
  close: () => void;
  /** Bytes received on the session's socket so far (a publisher: its encoder's input). */
  inBytes: number;
  /** Date.now() when the session was created. */
  createTime: number;
}

export interface NmsRtmpSession extends NmsSession {
  socket: Socket;
  /** The session's protocol parser (one per connection). */
  rtmp: NmsRtmpParser;
  /** The socket's 'data' listener: hands the bytes to the parser, which answers synchronously. */
  onData: (data: Buffer) => void;
  /** A publish or play named its stream: NMS sets the stream path and picks the broadcast. */
  onConnect: (request: { app: string; name: string; host: string; query: StreamQuery }) => void;
  onPush: () => void;
  onPlay: () => void;
  onPacket: (packet: unknown) => void;
  run: () => void;
}

/** One chunk stream's message being assembled (NMS's RtmpPacket). */
export interface NmsRtmpPacket {
  header: { fmt: number; cid: number; timestamp: number; length: number; type: number; stream_id: number };
  /** Payload bytes received so far; 0 between messages. */
  bytes: number;
  capacity: number;
  payload: Buffer;
}

/**
 * NMS's RTMP chunk parser (protocol/rtmp.js). The methods named here are the steps the ingest
 * checks around: read a chunk header, allocate a message's payload, handle a control message.
 */
export interface NmsRtmpParser {
  /** Messages in progress (and their buffers), by chunk stream id. */
  inPackets: Map<number, NmsRtmpPacket>;
  /** The message the chunk being read belongs to. */
  parserPacket: NmsRtmpPacket;
  /** An FLV file parser NMS allocates (1 MiB) for every RTMP session and never uses. */
  flv: unknown;
  chunkMessageHeaderRead: () => number;
  packetParse: () => void;
  packetAlloc: () => void;
  controlHandler: () => void;
}

export interface NmsBroadcast {
  streamPath: string;
  publisher: NmsSession | null;
  subscribers: Map<string, NmsSession>;
  publishGraceMs: number;
  getPublishStatus: () => 'publishing' | 'reconnecting' | 'idle';
  /** Sends the FLV header, metadata, codec headers and the GOP cache, then subscribes; null = ok. */
  postPlay: (session: NmsSession) => string | null;
  donePlay: (session: NmsSession) => void;
  /** Ends a publish now (skipping the reconnect grace): emits donePublish. */
  _finishPublish: () => void;
}

interface NmsContext {
  broadcasts: Map<string, NmsBroadcast>;
  sessions: Map<string, NmsSession>;
  eventEmitter: EventEmitter;
}

interface NmsLogger {
  level: string;
  log: (message: string, level?: string) => void;
}

export const nmsContext = require(`${NMS_SRC}/core/context.js`) as NmsContext;
export const NmsBaseSession = require(`${NMS_SRC}/session/base_session.js`) as new () => NmsSession;
export const NmsRtmpSessionClass = require(`${NMS_SRC}/session/rtmp_session.js`) as new (socket: Socket) => NmsRtmpSession;
const nmsLogger = require(`${NMS_SRC}/core/logger.js`) as NmsLogger;

/**
 * NMS logs every session start and end with console.log; send it to our logger instead, at debug
 * (its "error" lines are mostly clients' mistakes, which we log ourselves with the reason).
 */
export function routeNmsLogs(log: FastifyBaseLogger): void {
  nmsLogger.log = (message, level = 'info') => {
    if (level === 'trace') return;
    log.debug({ nms: level }, message);
  };
}

/** NMS's AMF0 reader of data messages ("@setDataFrame", "onMetaData", …). */
export const nmsAmf = require(`${NMS_SRC}/protocol/amf.js`) as {
  decodeAmf0Data: (data: Buffer) => { cmd?: unknown; method?: unknown; dataObj?: unknown };
};

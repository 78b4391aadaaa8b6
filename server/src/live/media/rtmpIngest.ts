import net, { type AddressInfo, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { PerAddressCount } from '../../infra/http/perAddressCount';
import type { RtmpLimits } from './mediaConfig';
import { type NmsBroadcast, type NmsSession, NmsRtmpSessionClass, type StreamQuery, nmsContext } from './nms';
import { RtmpInputError, type RtmpMessageLimits, guardRtmpParser } from './rtmpParserGuard';
import type { MediaPacket } from './streamHealth/streamObserver';

/** The only RTMP application: `rtmp://host:port/live/<stream>`. */
export const RTMP_APP = 'live';
/** A publishing encoder that sends nothing for this long is dead: it is dropped. */
const IDLE_TIMEOUT_MS = 30_000;
/**
 * An admitted encoder whose media stopped this long ago (a network that dropped without closing
 * the connection) is dropped, so the room reads offline within seconds, not after IDLE_TIMEOUT_MS.
 */
export const MEDIA_SILENCE_MS = 3_000;
const SILENCE_CHECK_MS = 500;

/** One publishing stream as /metrics sees it. */
export interface IngestStreamStats {
  roomId: number;
  /** Bytes the encoder sent on this connection (RTMP framing included). */
  receivedBytes: number;
  /** Date.now() when the encoder connected. */
  publishingSince: number;
}

export type AdmitDecision = { ok: true; roomId: number } | { ok: false; reason: string };

export interface RtmpIngestOptions {
  host: string;
  port: number;
  reconnectGraceMs: number;
  log: FastifyBaseLogger;
  /** Connections, per address, publish deadline and what a session may make the parser hold. */
  limits: RtmpLimits;
  /** Decides a publish (signature, room, …); runs while the encoder's socket is paused. */
  admit: (stream: string, query: StreamQuery) => Promise<AdmitDecision>;
  /** A new publish was accepted (not called when an encoder resumes within the grace). */
  onPublishStart: (roomId: number, broadcast: NmsBroadcast) => void;
  /** The publish ended (after the grace): viewers of `broadcast` are still attached. */
  onPublishEnd: (roomId: number, broadcast: NmsBroadcast) => void;
  /** The encoder's connection closed (or went silent): the grace starts now; onPublishEnd follows unless it resumes. */
  onPublishPause?: (roomId: number, broadcast: NmsBroadcast) => void;
  /** The encoder resumed the publish within the grace (onPublishStart is not called). */
  onPublishResume?: (roomId: number, broadcast: NmsBroadcast) => void;
  /** Every media message of an admitted publish, after it reached the broadcast (stream health reads them). */
  onPacket?: (roomId: number, publisher: NmsSession, packet: MediaPacket) => void;
}

/**
 * The embedded RTMP listener: NMS's protocol and sessions behind our own TCP server. Every publish
 * goes through `admit` before NMS sees it (the socket is paused meanwhile, and no media of an
 * unadmitted session reaches the broadcast); RTMP play is refused (viewers use HTTP-FLV or HLS on
 * the site). A second publisher of a publishing stream is refused.
 *
 * Nothing a peer sends may reach past its own session: whatever NMS's parser throws on ends that
 * session (logged at warn with the peer), never the process. Before its publish is admitted a
 * connection is cheap to drop and may hold little: connections are capped per address, it must be
 * admitted within the publish deadline (counted from connecting, not reset by bytes), and its
 * messages and chunk streams are bounded small; an admitted encoder gets room for keyframes.
 */
export class RtmpIngest {
  private server: net.Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** Open connections by remote address. */
  private readonly perAddress: PerAddressCount;
  /** Addresses whose refusal at the cap was logged (once until they drop below it: a flood is one line). */
  private readonly cappedLogged = new Set<string>();
  /** Streams this ingest publishes, by room: publishing or within the reconnect grace. */
  private readonly publishing = new Map<number, NmsBroadcast>();
  /** Runs inside NMS's emit (from a socket's close or a timer): a throw there would be uncaught. */
  private readonly onDonePublish = (session: NmsSession) => {
    try {
      this.publishDone(session);
    } catch (error) {
      this.options.log.error({ err: error }, 'ending a publish failed');
    }
  };

  constructor(private readonly options: RtmpIngestOptions) {
    this.perAddress = new PerAddressCount(options.limits.maxPerAddress);
  }

  /** Listens; answers the bound port (options.port 0 = any free port). */
  async start(): Promise<number> {
    nmsContext.eventEmitter.on('donePublish', this.onDonePublish);
    const server = net.createServer((socket) => this.accept(socket));
    server.maxConnections = this.options.limits.maxConnections;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(error.code === 'EADDRINUSE' ? new Error(`RTMP port ${this.options.host}:${this.options.port} is in use: set MEDIA_RTMP_PORT to a free port`) : error);
      });
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    server.on('error', (error) => this.options.log.error({ err: error }, 'RTMP listener error'));
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** The broadcast of a room while its encoder is publishing. */
  broadcastOf(roomId: number): NmsBroadcast | undefined {
    const broadcast = this.publishing.get(roomId);
    return broadcast?.getPublishStatus() === 'publishing' ? broadcast : undefined;
  }

  /** Rooms whose push this ingest holds: publishing, or within the reconnect grace (their origin lease is kept). */
  pushedRooms(): number[] {
    return [...this.publishing.keys()];
  }

  /** Every stream publishing now, with the bytes its encoder sent so far (/metrics derives bitrates). */
  liveStreams(): IngestStreamStats[] {
    const streams: IngestStreamStats[] = [];
    for (const [roomId, broadcast] of this.publishing) {
      const publisher = broadcast.publisher;
      if (broadcast.getPublishStatus() !== 'publishing' || publisher === null) continue;
      streams.push({ roomId, receivedBytes: publisher.inBytes, publishingSince: publisher.createTime });
    }
    return streams;
  }

  /** Ends a room's publish now (its key was reset): the encoder is disconnected. */
  kick(roomId: number): void {
    const broadcast = this.publishing.get(roomId);
    if (broadcast === undefined) return;
    const publisher = broadcast.publisher;
    broadcast._finishPublish();
    publisher?.close();
  }

  /** Ends every publish (onPublishEnd runs for each), disconnects everyone, stops listening. */
  async stop(): Promise<void> {
    for (const broadcast of [...this.publishing.values()]) broadcast._finishPublish();
    nmsContext.eventEmitter.off('donePublish', this.onDonePublish);
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined); // NMS's session logs socket errors once it runs
    const address = socket.remoteAddress;
    if (address === undefined) return void socket.destroy(); // already gone
    const { maxPerAddress, publishDeadlineMs } = this.options.limits;
    if (!this.perAddress.tryTake(address)) {
      if (!this.cappedLogged.has(address)) {
        this.cappedLogged.add(address);
        this.options.log.warn({ address, open: this.perAddress.countOf(address) }, `RTMP connection refused: ${maxPerAddress} open from this address (MEDIA_RTMP_MAX_PER_ADDRESS)`);
      }
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    const session = new IngestSession(socket, this);
    const deadline = setTimeout(() => {
      this.options.log.warn({ ip: session.ip }, `RTMP connection dropped: not publishing ${publishDeadlineMs} ms after connecting`);
      socket.destroy();
    }, publishDeadlineMs);
    session.clearDeadline = () => clearTimeout(deadline);
    socket.on('close', () => {
      session.clearDeadline();
      this.sockets.delete(socket);
      this.forgetConnection(address);
    });
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    session.run();
  }

  private forgetConnection(address: string): void {
    this.perAddress.release(address);
    this.cappedLogged.delete(address);
  }

  /** Limits of what a session's parser may hold: small until its publish is admitted. */
  messageLimitsOf(session: IngestSession): RtmpMessageLimits {
    const { admitted, unadmitted } = this.options.limits;
    return session.admitted ? admitted : unadmitted;
  }

  /** The session's input threw in NMS's parser (or broke a limit): end that session only. */
  endSession(session: IngestSession, error: unknown): void {
    session.socket.destroy();
    if (error instanceof RtmpInputError) {
      this.options.log.warn({ ip: session.ip, reason: error.message }, 'RTMP session ended: input over a limit or malformed');
    } else {
      this.options.log.warn({ ip: session.ip, err: error }, 'RTMP session ended: input the RTMP parser could not handle');
    }
  }

  /** NMS parsed `publish` (and already answered Publish.Start): decide before it takes effect. */
  handlePush(session: IngestSession, acceptPush: () => void): void {
    session.socket.pause();
    const stream = session.streamApp === RTMP_APP ? session.streamName : '';
    this.options
      .admit(stream, session.streamQuery)
      .then((decision) => {
        if (session.socket.destroyed) return;
        if (!decision.ok) return this.refuse(session, decision.reason);
        this.publish(session, decision.roomId, acceptPush);
      })
      // Also what publish() throws: this runs outside any socket handler, an escape would be unhandled.
      .catch((error: unknown) => {
        this.options.log.error({ err: error, stream, ip: session.ip }, 'push check failed');
        session.socket.destroy();
      });
  }

  /** An admitted session's media message reached its broadcast. */
  packetForwarded(session: IngestSession, packet: MediaPacket): void {
    if (session.roomId !== null) this.options.onPacket?.(session.roomId, session, packet);
  }

  refusePlay(session: IngestSession): void {
    this.refuse(session, 'RTMP play is not offered (watch over HTTP-FLV or HLS)');
  }

  private publish(session: IngestSession, roomId: number, acceptPush: () => void): void {
    const broadcast = this.currentBroadcast(session);
    if (broadcast.getPublishStatus() === 'publishing') return this.refuse(session, 'the stream already has a publisher');
    broadcast.publishGraceMs = this.options.reconnectGraceMs;
    acceptPush();
    if (broadcast.publisher !== session) return this.refuse(session, 'node-media-server refused the publish');
    session.roomId = roomId;
    session.admitted = true;
    session.clearDeadline();
    // Still known here only when NMS resumed this room's publish within the grace.
    const resumed = this.publishing.get(roomId) === broadcast;
    this.publishing.set(roomId, broadcast);
    session.socket.resume();
    this.options.log.info({ stream: session.streamName, ip: session.ip, resumed }, 'push accepted');
    // NMS's close handler (registered first) has moved the broadcast to 'reconnecting' by now.
    session.socket.once('close', () => this.publisherClosed(session, roomId, broadcast));
    this.watchSilence(session);
    if (!resumed) this.options.onPublishStart(roomId, broadcast);
    else this.options.onPublishResume?.(roomId, broadcast);
  }

  /** The publisher's connection closed: within the grace, the room pauses now. */
  private publisherClosed(session: IngestSession, roomId: number, broadcast: NmsBroadcast): void {
    session.stopSilenceWatch();
    // Without a grace the end follows at once (onPublishEnd says offline itself).
    if (this.options.reconnectGraceMs <= 0) return;
    if (this.publishing.get(roomId) !== broadcast || broadcast.getPublishStatus() !== 'reconnecting' || broadcast.publisher !== session) return;
    try {
      this.options.onPublishPause?.(roomId, broadcast);
    } catch (error) {
      this.options.log.error({ err: error, roomId }, 'pausing a publish failed');
    }
  }

  /** Media that stops without the connection closing (a dead network) ends the session after MEDIA_SILENCE_MS. */
  private watchSilence(session: IngestSession): void {
    session.lastMediaAt = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - session.lastMediaAt <= MEDIA_SILENCE_MS) return;
      this.options.log.warn({ ip: session.ip, stream: session.streamName }, `RTMP publish dropped: no media for ${MEDIA_SILENCE_MS} ms`);
      session.stopSilenceWatch();
      session.socket.destroy();
    }, SILENCE_CHECK_MS);
    timer.unref();
    session.stopSilenceWatch = () => clearInterval(timer);
  }

  /** The session's broadcast may have been dropped from NMS's map while we checked: use the live one. */
  private currentBroadcast(session: IngestSession): NmsBroadcast {
    const current = nmsContext.broadcasts.get(session.streamPath);
    if (current !== undefined) session.broadcast = current;
    else nmsContext.broadcasts.set(session.streamPath, session.broadcast);
    return session.broadcast;
  }

  private refuse(session: IngestSession, reason: string): void {
    this.options.log.warn({ app: session.streamApp, stream: session.streamName, ip: session.ip, reason }, 'push refused');
    session.socket.destroy();
  }

  private publishDone(session: NmsSession): void {
    if (!(session instanceof IngestSession) || session.ingest !== this || session.roomId === null) return;
    const broadcast = this.publishing.get(session.roomId);
    if (broadcast === undefined) return;
    this.publishing.delete(session.roomId);
    this.options.onPublishEnd(session.roomId, broadcast);
  }
}

/** NMS's RTMP session with its input, publish, play and media callbacks routed through the ingest. */
class IngestSession extends NmsRtmpSessionClass {
  roomId: number | null = null;
  admitted = false;
  /** Stops the publish deadline (set by the ingest when it accepts the connection). */
  clearDeadline: () => void = () => undefined;
  /** Date.now() of the last media message of an admitted publish. */
  lastMediaAt = 0;
  /** Stops the media silence check (set when the publish is admitted). */
  stopSilenceWatch: () => void = () => undefined;
  private streamNamed = false;

  constructor(
    socket: Socket,
    readonly ingest: RtmpIngest,
  ) {
    super(socket);
    guardRtmpParser(this.rtmp, () => ingest.messageLimitsOf(this));
    // NMS parses synchronously in the socket's 'data' listener: a throw there would be uncaught
    // and end the process. It ends this session instead.
    const parse = this.onData;
    this.onData = (data) => {
      if (this.socket.destroyed) return;
      try {
        parse(data);
      } catch (error) {
        ingest.endSession(this, error);
      }
    };
    // One stream per connection: a second publish or play would move the session to another
    // broadcast and leave the first one with a publisher that never ends.
    const nameStream = this.onConnect;
    this.onConnect = (request) => {
      if (this.streamNamed) throw new RtmpInputError('a second publish or play on one connection');
      this.streamNamed = true;
      nameStream(request);
    };
    const acceptPush = this.onPush;
    const forwardPacket = this.onPacket;
    this.onPush = () => ingest.handlePush(this, acceptPush);
    this.onPlay = () => ingest.refusePlay(this);
    // Until admitted, nothing this encoder sends may reach viewers of the stream.
    this.onPacket = (packet) => {
      if (!this.admitted) return;
      this.lastMediaAt = Date.now();
      forwardPacket(packet);
      ingest.packetForwarded(this, packet as MediaPacket);
    };
  }
}

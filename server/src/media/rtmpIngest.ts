import net, { type AddressInfo, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { type NmsBroadcast, type NmsSession, NmsRtmpSessionClass, type StreamQuery, nmsContext } from './nms';

/** The only RTMP application: `rtmp://host:port/live/<stream>`. */
export const RTMP_APP = 'live';
/** A connection that sends nothing for this long (no publish, or a dead encoder) is dropped. */
const IDLE_TIMEOUT_MS = 30_000;
/** Encoders connected at once (each publishes one stream; more is a flood). */
const MAX_CONNECTIONS = 200;

export type AdmitDecision = { ok: true; roomId: number } | { ok: false; reason: string };

export interface RtmpIngestOptions {
  host: string;
  port: number;
  reconnectGraceMs: number;
  log: FastifyBaseLogger;
  /** Decides a publish (signature, room, …); runs while the encoder's socket is paused. */
  admit: (stream: string, query: StreamQuery) => Promise<AdmitDecision>;
  /** A new publish was accepted (not called when an encoder resumes within the grace). */
  onPublishStart: (roomId: number, broadcast: NmsBroadcast) => void;
  /** The publish ended (after the grace): viewers of `broadcast` are still attached. */
  onPublishEnd: (roomId: number, broadcast: NmsBroadcast) => void;
}

/**
 * The embedded RTMP listener: NMS's protocol and sessions behind our own TCP server. Every publish
 * goes through `admit` before NMS sees it (the socket is paused meanwhile, and no media of an
 * unadmitted session reaches the broadcast); RTMP play is refused (viewers use HTTP-FLV or HLS on
 * the site). A second publisher of a publishing stream is refused.
 */
export class RtmpIngest {
  private server: net.Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** Streams this ingest publishes, by room: publishing or within the reconnect grace. */
  private readonly publishing = new Map<number, NmsBroadcast>();
  private readonly onDonePublish = (session: NmsSession) => this.publishDone(session);

  constructor(private readonly options: RtmpIngestOptions) {}

  /** Listens; answers the bound port (options.port 0 = any free port). */
  async start(): Promise<number> {
    nmsContext.eventEmitter.on('donePublish', this.onDonePublish);
    const server = net.createServer((socket) => this.accept(socket));
    server.maxConnections = MAX_CONNECTIONS;
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
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    const session = new IngestSession(socket, this);
    session.run();
  }

  /** NMS parsed `publish` (and already answered Publish.Start): decide before it takes effect. */
  handlePush(session: IngestSession, acceptPush: () => void): void {
    session.socket.pause();
    const stream = session.streamApp === RTMP_APP ? session.streamName : '';
    this.options.admit(stream, session.streamQuery).then(
      (decision) => {
        if (session.socket.destroyed) return;
        if (!decision.ok) return this.refuse(session, decision.reason);
        this.publish(session, decision.roomId, acceptPush);
      },
      (error: unknown) => {
        this.options.log.error({ err: error, stream }, 'push check failed');
        session.socket.destroy();
      },
    );
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
    // Still known here only when NMS resumed this room's publish within the grace.
    const resumed = this.publishing.get(roomId) === broadcast;
    this.publishing.set(roomId, broadcast);
    session.socket.resume();
    this.options.log.info({ stream: session.streamName, ip: session.ip, resumed }, 'push accepted');
    if (!resumed) this.options.onPublishStart(roomId, broadcast);
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

/** NMS's RTMP session with its publish, play and media callbacks routed through the ingest. */
class IngestSession extends NmsRtmpSessionClass {
  roomId: number | null = null;
  admitted = false;

  constructor(
    socket: Socket,
    readonly ingest: RtmpIngest,
  ) {
    super(socket);
    const acceptPush = this.onPush;
    const forwardPacket = this.onPacket;
    this.onPush = () => ingest.handlePush(this, acceptPush);
    this.onPlay = () => ingest.refusePlay(this);
    // Until admitted, nothing this encoder sends may reach viewers of the stream.
    this.onPacket = (packet) => {
      if (this.admitted) forwardPacket(packet);
    };
  }
}

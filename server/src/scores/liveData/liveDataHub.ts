import {
  type ClipData,
  type ControlFrame,
  EVENT_STREAMS,
  type EventStream,
  type ExponentRow,
  type GoalData,
  LIVE_STREAMS,
  type LiveStream,
  type MatchRow,
  SOCKET_HEARTBEAT_MS,
  type StateStream,
  type SyncMode,
  isDeltaStream,
  isEventStream,
  isExponentStream,
  isStateStream,
} from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import { admitSocket, closeForPolicy } from '../../infra/sockets/socketAdmission';
import { closeWithin } from '../../infra/sockets/socketClient';
import { type SocketLimits, resolveSocketLimits } from '../../infra/sockets/socketLimits';
import { Fanout } from './fanout';
import { type LiveBus, inProcessBus } from './liveBus';
import { type ControlFrameLimits, DEFAULT_CONTROL_FRAME_LIMITS } from './controlFrameBudget';
import { LiveClient } from './liveClient';
import { type ClientFrame, frameMessages, parseClientFrame } from './liveDataProtocol';
import { type LiveMessage, type MessageAudience, type StreamData, encodeControl, encodeMessage } from './liveMessage';
import { LiveState, accepts } from './liveState';
import { ReplayRing } from './replayRing';
import { SeqAllocator, type SeqBlockSource } from './seqAllocator';

/** What an event stream (goals, clips) carries in each message. */
export interface EventDataOf {
  goal: GoalData;
  clip: ClipData;
}

/**
 * A numbered event stream as the database keeps it (the `stream_seq` of its rows): where it is
 * up to, and the events a client missed. Every event stream is read the same way.
 */
export interface NumberedEvents<Data> {
  /** The seq of the newest event stored (0 when none). */
  lastSeq(): Promise<number>;
  /** Events with after < seq <= upTo, oldest first, at most `limit` (the newest of them). */
  between(after: number, upTo: number, limit: number): Promise<{ seq: number; data: Data }[]>;
}

/** What the hub reads from the database (scores module): snapshot rows at start, missed events for catch-ups. */
export interface LiveHistory {
  /** Matches in play and the odds of matches in play or about to start. */
  currentRows(): Promise<{ stream: StateStream; row: MatchRow | ExponentRow; hot: boolean }[]>;
  /** Each event stream's numbered events (a stream left out has none to catch up on). */
  events: { [Stream in EventStream]?: NumberedEvents<EventDataOf[Stream]> };
}

/**
 * The socket limits (infra/sockets/socketLimits.ts): idleTimeoutMs (default two heartbeat periods,
 * 60 s), maxBufferedBytes (default 512 KiB), maxBadFrames (default 5).
 */
/** What the `match_centre` replay ring holds at most, in encoded frames' bytes (LiveDataHubOptions.centreRingBytes). */
export const MATCH_CENTRE_RING_BYTES = 1024 * 1024;

/**
 * The match centre's delta window (LiveDataHubOptions.centreWindowMs; fanout.ts): a delta published
 * less than this after a write of deltas began waits for the window's end and shares one write a
 * socket with the deltas published meanwhile; any other delta goes out in its turn. A group's
 * deltas are thus written at most 20 times a second, and none waits longer than this. Shorter than
 * the gap between deltas of a match at 10 a second (bench:realtime's analytics run), so a steady
 * stream is never held: a hold is latency the score frames do not pay (bench/realtime/README.md).
 */
export const MATCH_CENTRE_WINDOW_MS = 50;

export const LIVE_DATA_SOCKET_LIMITS: SocketLimits = { idleTimeoutMs: 2 * SOCKET_HEARTBEAT_MS, maxBufferedBytes: 512 * 1024, maxBadFrames: 5 };

export interface LiveDataHubOptions extends Partial<SocketLimits> {
  /**
   * Control frames (all but heartbeats) a connection may send: a burst, refilled per minute
   * (LIVE_DATA_CONTROL_BURST, LIVE_DATA_CONTROL_PER_MINUTE). Beyond it: an error frame, then 1008.
   */
  controlFrames?: ControlFrameLimits;
  /** Messages kept per stream for replays (default 2048). */
  ringSize?: number;
  /**
   * The `match_centre` ring is also bounded by bytes (default MATCH_CENTRE_RING_BYTES, 1 MiB of
   * encoded frames, about 2 MiB held with their JSON): its deltas are KB each, where a score row is
   * a few hundred bytes, so 2048 of them could hold several MB per hub and per fan-out worker.
   */
  centreRingBytes?: number;
  /**
   * After a write of `match_centre` deltas begins, how long the next ones wait to share one write
   * (default MATCH_CENTRE_WINDOW_MS; 0: sent in their turn). Score frames are never held (fanout.ts).
   */
  centreWindowMs?: number;
  /** Goals one catch-up sends at most (the newest). */
  goalReplayLimit?: number;
  /** PostgreSQL: snapshot rows at start, goals missed beyond the ring. */
  history?: LiveHistory;
  /** Other nodes (Redis); default none. */
  bus?: LiveBus;
  /**
   * Called with every message this hub delivers (its own and the bus's), in order: the fan-out
   * worker processes holding this node's sockets get them here (liveWorkerPool.ts).
   */
  relay?: (message: LiveMessage) => void;
  log: FastifyBaseLogger;
}

/** The state of one open socket (kept under this name for the routes and tests). */
export type LiveDataClient = LiveClient;

/**
 * Owns every open live-data socket and every stream: per-client state and the handshake,
 * sequence numbers, the replay rings and the snapshot cache, fan-out to subscribers, the
 * Redis bus to other nodes, the idle timeout, and closing everything on shutdown.
 *
 * Delivery to a client starts at `classify` (the last frame of SPEC.md's handshake): each stream
 * is caught up first (replayed from the client's `resume` position, or a snapshot, or for goals
 * from PostgreSQL), each ending with `{type: 'synced', stream, seq, mode}`; broadcasts follow.
 */
export class LiveDataHub {
  readonly clients = new Map<WebSocket, LiveClient>();
  readonly fanout: Fanout;
  private readonly state = new LiveState();
  private readonly rings = new Map<LiveStream, ReplayRing>();
  private readonly seqs = new Map<LiveStream, number>(LIVE_STREAMS.map((stream) => [stream, 0]));
  private readonly limits: SocketLimits;
  private readonly controlFrames: ControlFrameLimits;
  private readonly goalReplayLimit: number;
  private readonly history: LiveHistory | undefined;
  private readonly bus: LiveBus;
  private readonly relay: ((message: LiveMessage) => void) | undefined;
  private readonly log: FastifyBaseLogger;
  private allocator: SeqAllocator | null = null;
  private closing = false;
  /** Messages handed to the fan-out since start (each once, however many sockets get it): /metrics. */
  messagesFannedOut = 0;

  constructor(options: LiveDataHubOptions) {
    this.limits = resolveSocketLimits(options, LIVE_DATA_SOCKET_LIMITS);
    this.fanout = new Fanout(options.centreWindowMs ?? MATCH_CENTRE_WINDOW_MS);
    this.controlFrames = options.controlFrames ?? DEFAULT_CONTROL_FRAME_LIMITS;
    this.goalReplayLimit = options.goalReplayLimit ?? 500;
    this.history = options.history;
    this.bus = options.bus ?? inProcessBus;
    this.relay = options.relay;
    this.log = options.log;
    for (const stream of LIVE_STREAMS) {
      this.rings.set(stream, new ReplayRing(options.ringSize ?? 2_048, stream === 'match_centre' ? (options.centreRingBytes ?? MATCH_CENTRE_RING_BYTES) : undefined));
    }
  }

  /** Loads the snapshot cache and the goal position from the database, then joins the other nodes. */
  async start(): Promise<void> {
    if (this.history !== undefined) {
      try {
        for (const { stream, row, hot } of await this.history.currentRows()) {
          this.state.apply(stream, [row] as MatchRow[] | ExponentRow[], { hot, companyId: 'company_id' in row ? row.company_id : null });
        }
        for (const stream of EVENT_STREAMS) {
          const events = this.history.events[stream];
          if (events !== undefined) this.raiseSeq(stream, await events.lastSeq());
        }
      } catch (error) {
        this.log.warn({ err: error }, 'live-data: could not load current rows; snapshots start empty');
      }
    }
    await this.bus.start((message) => this.deliver(message, true));
  }

  /** This node numbers and publishes (the feed's node): reserve numbers above every used one. */
  async enablePublishing(source: SeqBlockSource): Promise<void> {
    const allocator = new SeqAllocator(source, (error) => this.log.error({ err: error }, 'live-data: could not reserve sequence numbers'));
    for (const [stream, before] of await allocator.init()) this.seqs.set(stream, before);
    this.allocator = allocator;
  }

  /** Whether this node numbers streams (enablePublishing ran: the feed's node). */
  get publishing(): boolean {
    return this.allocator !== null;
  }

  /** The next number of a stream (goals take theirs inside the transaction that stores them). */
  allocateSeq(stream: LiveStream): number {
    if (this.allocator === null) throw new Error('LiveDataHub: enablePublishing() first');
    return this.allocator.allocate(stream);
  }

  /** Numbers, encodes once, delivers here and to the other nodes. */
  publish(stream: LiveStream, data: StreamData, audience: MessageAudience): number {
    const seq = this.allocateSeq(stream);
    this.broadcast(stream, seq, data, audience);
    return seq;
  }

  /** Broadcasts with a number already allocated (in order per stream). */
  broadcast(stream: LiveStream, seq: number, data: StreamData, audience: MessageAudience): void {
    const message = encodeMessage(stream, seq, data, audience);
    this.deliver(message, false);
    this.bus.publish(message);
  }

  currentSeq(stream: LiveStream): number {
    return this.seqs.get(stream) ?? 0;
  }

  /** What the rings hold, oldest first per stream: where a new fan-out worker starts from. */
  recentMessages(): LiveMessage[] {
    return LIVE_STREAMS.flatMap((stream) => this.rings.get(stream)?.messages() ?? []);
  }

  /** The largest send backlog of any subscriber (publishers may pace themselves on it). */
  maxBufferedBytes(): number {
    return this.fanout.maxBufferedBytes();
  }

  accept(socket: WebSocket): void {
    const client = new LiveClient(socket, this.limits.maxBufferedBytes, this.controlFrames, this.limits.maxBadFrames);
    const admitted = admitSocket(socket, this.closing, this.limits.idleTimeoutMs, {
      onMessage: (data, isBinary) => this.onFrame(client, data, isBinary),
      onClose: () => {
        this.fanout.leave(client);
        client.phase = 'closing';
        this.clients.delete(socket);
      },
    });
    if (admitted) this.clients.set(socket, client);
  }

  /**
   * Shutdown: tell every client we are going away, give the close handshake a moment, then cut
   * whatever is left so closing the server never waits on a slow client.
   */
  async closeAll(graceMs = 1_000): Promise<void> {
    this.closing = true;
    const sockets = [...this.clients.keys()];
    if (sockets.length > 0) this.log.info({ count: sockets.length }, 'closing live-data sockets');
    await Promise.all(sockets.map((socket) => closeWithin(socket, graceMs)));
    await this.bus.close().catch((error: unknown) => this.log.warn({ err: error }, 'live-data bus did not close cleanly'));
  }

  // ---- Incoming frames ----

  private onFrame(client: LiveClient, data: Buffer, isBinary: boolean): void {
    // Frames that arrive after we decided to close (they were already on the wire) are not served.
    if (client.phase === 'closing' || client.socket.readyState !== WebSocket.OPEN) return;
    const parsed = parseClientFrame(data, isBinary);
    if (!parsed.ok) {
      const overLimit = client.badFrames.reject();
      this.sendControl(client, { type: 'error', msg: parsed.msg });
      if (overLimit) {
        // A client's mistake, not the server's: info, with what it was.
        this.log.info({ msg: parsed.msg, badFrames: client.badFrames.count }, 'live-data: closing a client after too many invalid frames');
        closeForPolicy(client.socket, 'too many invalid frames');
      }
      return;
    }
    if (parsed.frame.type !== 'heartbeat' && !client.controlBudget.take()) {
      // Closing (not dropping) keeps the client right: the real one reconnects and sends its
      // current filters again, where a dropped toggle would leave it on the wrong company.
      this.sendControl(client, { type: 'error', msg: frameMessages.tooFrequent });
      this.log.info({ frame: parsed.frame.type, limits: this.controlFrames }, 'live-data: closing a client that sent control frames too fast');
      this.fanout.leave(client);
      client.phase = 'closing';
      closeForPolicy(client.socket, 'too many control frames');
      return;
    }
    this.handle(client, parsed.frame);
  }

  private handle(client: LiveClient, frame: ClientFrame): void {
    switch (frame.type) {
      case 'register':
        client.registered = true;
        this.sendControl(client, { type: 'registered' });
        return;
      case 'heartbeat':
        this.sendControl(client, { type: 'heartbeat' });
        return;
      case 'toggle': {
        const companyId = Number(frame.company_id);
        const changed = client.companyId !== companyId;
        client.companyId = companyId;
        this.sendControl(client, { type: 'toggled', company_id: companyId });
        if (changed && client.phase !== 'idle') this.resnapshot(client, LIVE_STREAMS.filter(isExponentStream));
        return;
      }
      case 'classify': {
        const changed = client.classifyType !== frame.classify_type;
        client.classifyType = frame.classify_type;
        this.sendControl(client, { type: 'classified', classify_type: frame.classify_type });
        if (client.phase === 'idle') this.startDelivery(client);
        else if (changed) this.resnapshot(client, LIVE_STREAMS.filter(isStateStream));
        return;
      }
      case 'resume':
        if (client.phase === 'idle') client.resume.set(frame.stream, frame.lastSeq);
        else this.lateResume(client, frame.stream, frame.lastSeq);
        return;
      case 'watch': {
        const changed = client.watchMatchId !== frame.match_id;
        client.watchMatchId = frame.match_id;
        this.sendControl(client, { type: 'watching', match_id: frame.match_id });
        if (changed && client.phase === 'live') {
          // Deltas pending for the old match go out first; the new group from the next broadcast on.
          this.fanout.flush();
          this.fanout.join(client);
          client.liveFrom.set('match_centre', this.currentSeq('match_centre'));
          client.write(syncedFrame('match_centre', this.currentSeq('match_centre'), 'live'));
        }
        return;
      }
    }
  }

  // ---- Catching a client up ----

  /** First classify: every stream caught up (replay, snapshot, or goals from the database), then live. */
  private startDelivery(client: LiveClient): void {
    // Broadcasts not yet written are in the rings already: send them now, not twice.
    this.fanout.flush();
    const frames: Buffer[] = [];
    const fromDatabase: { stream: EventStream; after: number; upTo: number }[] = [];
    for (const stream of LIVE_STREAMS) {
      const current = this.currentSeq(stream);
      const lastSeq = client.resume.get(stream);
      client.liveFrom.set(stream, current);
      const replay = lastSeq === undefined ? null : this.replayable(stream, lastSeq, current);
      if (isStateStream(stream)) {
        if (replay !== null) frames.push(...replay.filter((message) => accepts(client.filter, message)).map((message) => message.frame));
        else frames.push(this.state.snapshotFrame(stream, current, client.filter));
        frames.push(syncedFrame(stream, current, replay !== null ? 'replay' : 'snapshot'));
      } else if (isDeltaStream(stream)) {
        // The match centre: the watched match's missed deltas from the ring; a fresh page (or no
        // match) starts live; deltas gone from the ring: 'snapshot', the page fetches its documents again.
        if (client.watchMatchId === null || lastSeq === undefined || lastSeq === current) frames.push(syncedFrame(stream, current, 'live'));
        else if (replay !== null) frames.push(...replay.filter((message) => accepts(client.filter, message)).map((message) => message.frame), syncedFrame(stream, current, 'replay'));
        else frames.push(syncedFrame(stream, current, 'snapshot'));
      } else if (lastSeq === undefined || lastSeq >= current || replay !== null) {
        // Goals and clips are not state: a fresh page only wants the ones from now on.
        frames.push(...(replay ?? []).map((message) => message.frame), syncedFrame(stream, current, replay !== null && replay.length > 0 ? 'replay' : 'live'));
      } else if (isEventStream(stream)) {
        fromDatabase.push({ stream, after: lastSeq, upTo: current });
      }
    }
    client.resume.clear();
    for (const frame of frames) client.write(frame);
    if (fromDatabase.length === 0) {
      this.fanout.join(client);
      return;
    }
    // The events missed are older than the ring: hold broadcasts for this client until they are sent.
    this.fanout.hold(client);
    void Promise.all(fromDatabase.map(({ stream, after, upTo }) => this.eventFrames(stream, after, upTo))).then((perStream) => {
      if (client.phase !== 'syncing') return;
      perStream.forEach((eventFrames, index) => {
        const { stream, upTo } = fromDatabase[index] as { stream: EventStream; upTo: number };
        for (const frame of eventFrames) client.write(frame);
        client.write(syncedFrame(stream, upTo, eventFrames.length > 0 ? 'replay' : 'live'));
      });
      client.flushQueue();
      this.fanout.join(client);
    });
  }

  /** The messages after `lastSeq` up to `current` if the ring holds them all; else null. */
  private replayable(stream: LiveStream, lastSeq: number, current: number): LiveMessage[] | null {
    if (lastSeq === current) return [];
    // Numbers from another run (or another node's future): nothing here to replay from.
    if (lastSeq > current) return null;
    return this.rings.get(stream)?.since(lastSeq) ?? null;
  }

  /** Goal or clip frames with after < seq <= upTo: from the ring when it has them, else from the database. */
  private async eventFrames(stream: EventStream, after: number, upTo: number): Promise<Buffer[]> {
    const fromRing = this.replayable(stream, after, upTo);
    if (fromRing !== null) return fromRing.filter((message) => message.seq <= upTo).map((message) => message.frame);
    const history = this.history;
    if (history === undefined) return [];
    try {
      const events: { seq: number; data: StreamData }[] = (await history.events[stream]?.between(after, upTo, this.goalReplayLimit)) ?? [];
      return events.map((event) => encodeMessage(stream, event.seq, event.data, GOAL_AUDIENCE).frame);
    } catch (error) {
      this.log.warn({ err: error, stream }, 'live-data: could not load missed events');
      return [];
    }
  }

  /** A resume after delivery started: goals between the position and where delivery began. */
  private lateResume(client: LiveClient, stream: LiveStream, lastSeq: number): void {
    const liveFrom = client.liveFrom.get(stream) ?? this.currentSeq(stream);
    if (!isEventStream(stream) || lastSeq >= liveFrom) {
      // A state stream was brought up to date by its snapshot already.
      this.sendControl(client, { type: 'synced', stream, seq: liveFrom, mode: 'live' });
      return;
    }
    void this.eventFrames(stream, lastSeq, liveFrom).then((frames) => {
      for (const frame of frames) this.writeInOrder(client, frame);
      this.writeInOrder(client, syncedFrame(stream, liveFrom, frames.length > 0 ? 'replay' : 'live'));
    });
  }

  /** After a toggle or classify change: the affected streams again as snapshots for the new filter. */
  private resnapshot(client: LiveClient, streams: readonly StateStream[]): void {
    this.fanout.flush();
    for (const stream of streams) {
      const current = this.currentSeq(stream);
      client.liveFrom.set(stream, current);
      this.writeInOrder(client, this.state.snapshotFrame(stream, current, client.filter));
      this.writeInOrder(client, syncedFrame(stream, current, 'snapshot'));
    }
    // Its group follows its filter.
    if (client.phase === 'live') this.fanout.join(client);
  }

  // ---- Delivery ----

  private deliver(message: LiveMessage, fromBus: boolean): void {
    const previous = this.currentSeq(message.stream);
    const gap = fromBus && previous !== 0 && message.seq > previous + 1;
    this.raiseSeq(message.stream, message.seq);
    this.rings.get(message.stream)?.push(message);
    if (isStateStream(message.stream)) this.state.apply(message.stream, message.data as MatchRow[] | ExponentRow[], message);
    this.fanout.enqueue(message);
    this.messagesFannedOut += 1;
    this.relay?.(message);
    if (gap) this.repairGap(message.stream, previous, message.seq);
  }

  /**
   * Messages from another node went missing (Redis pub/sub does not store) or its numbering
   * restarted: clients get fresh snapshots of a state stream, and the goals in between from the
   * database (stored before they were published).
   */
  private repairGap(stream: LiveStream, previous: number, seq: number): void {
    this.log.info({ stream, previous, seq }, 'live-data: gap in the stream from the bus; repairing');
    if (isDeltaStream(stream)) {
      // The match centre's pages fetch their documents again; deltas after `seq` apply on top
      // (those waiting for their window go out first: none arrives after the resync).
      this.fanout.flush();
      for (const client of this.clients.values()) if (client.phase === 'live' || client.phase === 'syncing') this.writeInOrder(client, syncedFrame(stream, seq, 'snapshot'));
      return;
    }
    if (!isEventStream(stream)) {
      for (const client of this.clients.values()) if (client.phase === 'live' || client.phase === 'syncing') this.resnapshot(client, [stream]);
      return;
    }
    void this.eventFrames(stream, previous, seq - 1).then((frames) => {
      if (this.history === undefined || frames.length === 0) return;
      const buffer = Buffer.concat(frames);
      for (const client of this.clients.values()) if (client.phase === 'live' || client.phase === 'syncing') this.writeInOrder(client, buffer);
    });
  }

  private raiseSeq(stream: LiveStream, seq: number): void {
    if (seq > this.currentSeq(stream)) this.seqs.set(stream, seq);
  }

  /** Behind anything queued for a syncing client; straight out otherwise. */
  private writeInOrder(client: LiveClient, frame: Buffer): void {
    if (client.phase === 'syncing') client.enqueue(frame);
    else client.write(frame);
  }

  private sendControl(client: LiveClient, frame: ControlFrame): void {
    // Control answers go straight out; they carry no stream data, so order against queued frames does not matter.
    client.write(encodeControl(frame));
  }
}

const GOAL_AUDIENCE: MessageAudience = { hot: true, companyId: null };
/** Goals go to every client whatever its filter. */
export const goalAudience = (): MessageAudience => GOAL_AUDIENCE;

function syncedFrame(stream: LiveStream, seq: number, mode: SyncMode): Buffer {
  return encodeControl({ type: 'synced', stream, seq, mode });
}

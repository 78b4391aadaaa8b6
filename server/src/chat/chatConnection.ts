import type { WebSocket } from 'ws';
import { LiveClient } from '../realtime/liveClient';

export interface ChatIdentity {
  /** String(app_user.id) or the guest id. */
  userId: string;
  kind: 'member' | 'guest';
  /** app_user.id for members. */
  memberId: number | null;
}

/**
 * One chat socket. Writing goes through the live-data socket's LiveClient: ready frames straight
 * to the TCP socket, and a client that stops reading (backlog over the bound) is closed as a slow
 * consumer instead of growing the server's memory.
 */
export class ChatConnection {
  readonly transport: LiveClient;
  identity: ChatIdentity | null = null;
  profile = { nickname: '', avatar: '' };
  readonly groups = new Set<string>();
  badFrames = 0;
  /** The frame being handled (frames of a connection are handled one after another). */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    maxBufferedBytes: number,
  ) {
    this.transport = new LiveClient(socket, maxBufferedBytes);
  }

  write(frame: Buffer): void {
    this.transport.write(frame);
  }
}

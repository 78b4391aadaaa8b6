import type { WebSocket } from 'ws';
import { DEFAULT_CONTROL_FRAME_LIMITS } from '../scores/liveData/controlFrameBudget';
import { LiveClient } from '../scores/liveData/liveClient';

export interface ChatIdentity {
  /** String(app_user.id) or the guest id. */
  userId: string;
  kind: 'member' | 'guest';
  /** app_user.id for members. */
  memberId: number | null;
  /** The site session (user_session.id) the member's userSig was issued in; null for guests. */
  sessionId: number | null;
}

/**
 * One chat socket. Writing goes through the live-data socket's LiveClient: ready frames straight
 * to the TCP socket, and a client that stops reading (backlog over the bound) is closed as a slow
 * consumer instead of growing the server's memory.
 */
export class ChatConnection {
  readonly transport: LiveClient;
  identity: ChatIdentity | null = null;
  /** Who the connection appears as: the server's word (chatNames.ts), never the client's. */
  profile = { nickname: '', avatar: '' };
  /** When a `profile` frame last read the account (Date.now(); 0: never). */
  profileReadAt = 0;
  readonly groups = new Set<string>();
  badFrames = 0;
  /** The frame being handled (frames of a connection are handled one after another). */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    maxBufferedBytes: number,
  ) {
    // The live-data socket's control-frame budget is not consulted here: the chat has its own
    // request and send limits (chatHub.ts, chatLimits.ts).
    this.transport = new LiveClient(socket, maxBufferedBytes, DEFAULT_CONTROL_FRAME_LIMITS);
  }

  write(frame: Buffer): void {
    this.transport.write(frame);
  }
}

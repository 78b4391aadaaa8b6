import type { WebSocket } from 'ws';
import { BadFrameCounter } from '../infra/sockets/socketAdmission';
import { SocketClient } from '../infra/sockets/socketClient';
import type { ChatProfile } from './chatNames';

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
 * One chat socket. Writing is the socket kit's (infra/sockets/socketClient.ts): ready frames
 * straight to the TCP socket, and a client that stops reading (backlog over the bound) is closed
 * as a slow consumer instead of growing the server's memory.
 */
export class ChatConnection extends SocketClient {
  identity: ChatIdentity | null = null;
  /** Who the connection appears as: the server's word (chatNames.ts), never the client's. */
  profile: ChatProfile = { nickname: '', avatar: '' };
  /** When a `profile` frame last read the account (Date.now(); 0: never). */
  profileReadAt = 0;
  readonly groups = new Set<string>();
  readonly badFrames: BadFrameCounter;
  /** The frame being handled (frames of a connection are handled one after another). */
  queue: Promise<void> = Promise.resolve();

  constructor(socket: WebSocket, maxBufferedBytes: number, maxBadFrames: number) {
    super(socket, maxBufferedBytes);
    this.badFrames = new BadFrameCounter(maxBadFrames);
  }

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }
}

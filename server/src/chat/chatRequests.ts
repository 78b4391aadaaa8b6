import type { ChatClientFrame } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { closeForPolicy } from '../infra/sockets/socketAdmission';
import type { ChatConnection, ChatIdentity } from './chatConnection';
import type { ChatDirectory } from './chatDirectory';
import { parseChatFrame } from './chatFrames';
import { SenderRateLimiter } from './chatLimits';
import type { ChatLogin } from './chatLogin';
import type { ChatMembership } from './chatMembership';
import { chatMessages } from './chatMessages';
import { memberChatProfile } from './chatNames';
import { ref, refuse, reply, replyError } from './chatReplies';
import type { ChatSending } from './chatSending';

/** Requests (not sends) a connection may make: 20 a second, else a 1 s pause. */
const REQUEST_RATE = { max: 20, windowMs: 1_000, blockMs: 1_000 };
/** A member's `profile` frame reads the account again at most this often per connection. */
const PROFILE_REREAD_MS = 1_000;

export interface ChatRequestsPieces {
  login: ChatLogin;
  membership: ChatMembership;
  sending: ChatSending;
  directory: ChatDirectory;
  /** Members online in a group on every node (the `count` answer). */
  onlineCount: (groupId: string) => number;
  log: FastifyBaseLogger;
}

/**
 * A connection's frames, one at a time and in order: each is validated (bad ones answered and
 * counted, the socket closed at the limit), held to the request budget (sends have their own
 * limits), and handed to the piece that answers it.
 */
export class ChatRequests {
  private readonly requestRate = new SenderRateLimiter(REQUEST_RATE);

  constructor(private readonly pieces: ChatRequestsPieces) {}

  /** Queues the frame behind the connection's previous one. */
  receive(connection: ChatConnection, data: Buffer, isBinary: boolean): void {
    // One frame at a time per connection, in order: a join pipelined behind its login waits for
    // the login, and a sender's messages keep their order.
    connection.queue = connection.queue
      .then(() => this.onFrame(connection, data, isBinary))
      .catch((error: unknown) => {
        // Frames are validated before they are handled: what fails here is ours (the database...).
        this.pieces.log.error({ err: error }, 'chat: a frame failed');
        reply(connection, { type: 'error', code: 'bad-frame', message: chatMessages.failed });
      });
  }

  sweep(now: number): void {
    this.requestRate.sweep(now);
  }

  private async onFrame(connection: ChatConnection, data: Buffer, isBinary: boolean): Promise<void> {
    const parsed = parseChatFrame(data, isBinary);
    if (!parsed.ok) {
      const overLimit = connection.badFrames.reject();
      reply(connection, { type: 'error', code: 'bad-frame', message: parsed.message, ...(parsed.ref !== undefined ? { ref: parsed.ref } : {}) });
      if (overLimit) {
        // The client's mistake, not ours: worth a line for an operator, not the error log.
        this.pieces.log.info({ badFrames: connection.badFrames.count, userId: connection.identity?.userId }, 'chat: closing a client after too many bad frames');
        closeForPolicy(connection.socket, 'too many invalid frames');
      }
      return;
    }
    const frame = parsed.frame;
    // Sends have their own limits (the refusal says so); everything else shares a request budget.
    if (frame.type !== 'send' && !this.requestRate.take(connectionKey(connection), Date.now()).ok) {
      replyError(connection, frame.ref, 'rate-limited', chatMessages.tooManyRequests);
      return;
    }
    if (frame.type === 'login') return this.pieces.login.login(connection, frame);
    if (frame.type === 'ping') return reply(connection, { type: 'pong', at: Date.now(), ...ref(frame.ref) });
    const identity = connection.identity;
    if (identity === null) {
      if (frame.type === 'send') return refuse(connection, frame.ref, 'not-logged-in', chatMessages.notLoggedIn);
      return replyError(connection, frame.ref, 'not-logged-in', chatMessages.notLoggedIn);
    }
    switch (frame.type) {
      case 'join':
        return this.pieces.membership.join(connection, identity, frame);
      case 'quit':
        return this.pieces.membership.quit(connection, identity, frame);
      case 'send':
        return this.pieces.sending.send(connection, identity, frame);
      case 'count':
        return reply(connection, { type: 'count', groupId: frame.groupId, count: this.pieces.onlineCount(frame.groupId), ...ref(frame.ref) });
      case 'profile':
        return this.updateProfile(connection, identity, frame);
      case 'create-group':
        return this.pieces.membership.createGroup(connection, identity, frame);
    }
  }

  /**
   * The client asks to be shown under a nickname and avatar (SPEC: after login). What it asks for
   * is not taken: the answer is the account's profile read again (so a rename shows at once), or
   * for a guest the prefix + id. Names are the server's word (chatNames.ts).
   */
  private async updateProfile(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'profile' }>): Promise<void> {
    const now = Date.now();
    // One database read a second per connection at most: a client repeating the frame gets the profile it has.
    if (identity.memberId !== null && now - connection.profileReadAt >= PROFILE_REREAD_MS) {
      connection.profileReadAt = now;
      connection.profile = memberChatProfile(await this.pieces.directory.reloadUser(identity.memberId), identity.memberId);
    }
    reply(connection, { type: 'profile-updated', profile: { ...connection.profile }, ...ref(frame.ref) });
  }
}

const connectionKeys = new WeakMap<ChatConnection, string>();
let connectionCounter = 0;
function connectionKey(connection: ChatConnection): string {
  let key = connectionKeys.get(connection);
  if (key === undefined) {
    connectionCounter += 1;
    key = `c${connectionCounter}`;
    connectionKeys.set(connection, key);
  }
  return key;
}

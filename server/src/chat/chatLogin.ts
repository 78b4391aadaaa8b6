import { CHAT_PROTOCOL_VERSION, type ChatClientFrame, type ChatLoginFailure } from '@sports/shared/server';
import type { ChatConfig } from './chatConfig';
import type { ChatConnection, ChatIdentity } from './chatConnection';
import type { ChatConnections } from './chatConnections';
import type { ChatDirectory } from './chatDirectory';
import { chatMessages } from './chatMessages';
import { guestChatProfile, memberChatProfile } from './chatNames';
import { ref, reply, replyError } from './chatReplies';
import type { GuestSigner } from './guestSignature';
import type { MemberSessions } from './memberSessions';
import type { MemberSigner } from './memberSignature';

export interface ChatLoginOptions {
  config: ChatConfig;
  directory: ChatDirectory;
  memberSigner: MemberSigner;
  guestSigner: GuestSigner;
  sessions: Pick<MemberSessions, 'isActive'>;
  guestNicknamePrefix: string;
}

/**
 * Who a connection is: a `login` frame's signature checked (a guest's tourist sig, or a member's
 * userSig and the site session it was issued in), the profile it appears under, and the answer.
 */
export class ChatLogin {
  constructor(
    private readonly options: ChatLoginOptions,
    private readonly connections: ChatConnections,
  ) {}

  async login(connection: ChatConnection, frame: Extract<ChatClientFrame, { type: 'login' }>): Promise<void> {
    if (connection.identity !== null) return replyError(connection, frame.ref, 'already-logged-in', chatMessages.alreadyLoggedIn);
    const failed = (reason: ChatLoginFailure) =>
      reply(connection, { type: 'login-result', v: CHAT_PROTOCOL_VERSION, ok: false, reason, message: chatMessages.login[reason], ...ref(frame.ref) });
    if (frame.v !== CHAT_PROTOCOL_VERSION) return failed('unsupported-version');
    // With Tencent Cloud IM configured the page talks to Tencent; member sigs are Tencent's.
    if (this.options.config.provider !== 'builtin') return failed('provider-mismatch');
    let identity: ChatIdentity;
    if (frame.userId.startsWith('guest_')) {
      const verified = this.options.guestSigner.verify(frame.userId, frame.userSig);
      if (!verified.valid) return failed(verified.reason);
      identity = { userId: frame.userId, kind: 'guest', memberId: null, sessionId: null };
      connection.profile = guestChatProfile(this.options.guestNicknamePrefix, frame.userId);
    } else {
      const verified = this.options.memberSigner.verify(frame.userId, frame.userSig);
      if (!verified.valid) return failed(verified.reason);
      const memberId = Number(frame.userId);
      const user = await this.options.directory.user(memberId);
      if (user === null) return failed('unknown-user');
      // The signature outlives nothing: signed out or reset since it was issued, it is refused.
      if (!(await this.options.sessions.isActive(verified.sessionId, memberId))) return failed('session-ended');
      identity = { userId: frame.userId, kind: 'member', memberId, sessionId: verified.sessionId };
      connection.profile = memberChatProfile(user, memberId);
    }
    if (connection.identity !== null || !connection.isOpen) return;
    this.connections.identify(connection, identity);
    reply(connection, {
      type: 'login-result',
      v: CHAT_PROTOCOL_VERSION,
      ok: true,
      userId: identity.userId,
      kind: identity.kind,
      profile: { ...connection.profile },
      canSend: identity.kind === 'member' || this.options.config.guestsMaySend,
      ...ref(frame.ref),
    });
  }
}

/**
 * Fan medals in the chat (issue 35; fanMedals/README.md): the port the fan medals domain fills
 * (`ChatHub.attachMedals`). At send time the sender's worn medal, its level and whether it is lit
 * go on the line (`from.medal`), read from the medals' cache, so a send never waits on the
 * database for it once the member's entry is cached (as guards and levels are). Each member line
 * in a room is reported back (intimacy from chat, batched by the medals domain).
 */

/** The badge a line carries (shared/src/chat/protocol.ts ChatSenderSchema `medal`). */
export interface ChatMedalBadge {
  name: string;
  level: number;
  lit: boolean;
}

export interface ChatMedalSource {
  /** The member's worn medal as a line in the room of `roomOwnerId` shows it (null: none worn); cached. */
  badgeOf(memberId: number, roomOwnerId: number | null): ChatMedalBadge | null | Promise<ChatMedalBadge | null>;
  /** A member's line (text or danmaku) went out in the room of anchor `roomOwnerId`. Must not throw. */
  lineSent(memberId: number, roomOwnerId: number): void;
  /** The member's medals changed where the chat saw it (a gift line, a guard bought, a wear on any node): the cached entry is dropped. */
  forget(memberId: number): void;
  /** An anchor renamed the medal (on any node): cached entries wearing it take the name. */
  renamed?(anchorId: number, name: string): void;
}

/**
 * A change to worn medals that every node's cache follows at once (`ChatHub.medalChanged`: applied
 * here, then to every other node through the bus as a room event, chatBus.ts): a member wore a
 * medal, another or none (`worn`: their entry is read again); an anchor renamed theirs.
 */
export type ChatMedalChange = { kind: 'worn'; userId: number } | { kind: 'renamed'; anchorId: number; name: string };

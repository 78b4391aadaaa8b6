import { levelOf } from '@sports/shared/server';
import { isReservedName } from '../accounts/index';
import type { ChatUserInfo } from './chatDirectory';
import { cleanChatText } from './chatText';

/**
 * Who people appear as in the chat. The server decides it, never the client's `profile` frame:
 * a member is their account's nickname and avatar, a guest the guest prefix + its id (SPEC.md
 * section 4), and no one may appear under a name the system, the anchor or the staff speak with.
 */

/** Longest name shown in the chat (characters). */
export const CHAT_NAME_MAX_LENGTH = 32;

/** Names only the system uses (accounts/nicknames.ts): a member's account named so appears as `用户<id>`. */
export function isReservedChatName(name: string): boolean {
  return isReservedName(name);
}

/** The account's nickname as the chat shows it; `用户<id>` when it is empty or reserved. */
export function memberChatName(nickname: string, userId: number): string {
  const cleaned = cleanChatText(nickname, CHAT_NAME_MAX_LENGTH);
  return cleaned.ok && !isReservedChatName(cleaned.text) ? cleaned.text : `用户${userId}`;
}

/** An http(s) URL or a path on this site (not `//host`), nothing a browser would run; else ''. */
export function chatAvatar(url: string): string {
  return url.length <= 512 && /^(https?:\/\/[^\s"'<>/\\]|\/(?![/\\]))[^\s"'<>\\]*$/i.test(url) ? url : '';
}

export interface ChatProfile {
  nickname: string;
  avatar: string;
  /** Members only: their level from their exp. */
  level?: number;
}

/** A member's chat profile from their account row (null: the account is gone). */
export function memberChatProfile(user: ChatUserInfo | null, userId: number): ChatProfile {
  if (user === null) return { nickname: `用户${userId}`, avatar: '' };
  return { nickname: memberChatName(user.nickname, userId), avatar: chatAvatar(user.avatar), level: levelOf(user.exp) };
}

/** A guest's chat profile: the guest prefix + its id (system config im.guestNicknamePrefix). */
export function guestChatProfile(prefix: string, guestId: string): ChatProfile {
  return { nickname: `${prefix}${guestId}`, avatar: '' };
}

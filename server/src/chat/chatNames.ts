import { levelOf } from '@sports/shared/server';
import type { ChatUserInfo } from './chatDirectory';
import { cleanChatText } from './chatText';

/**
 * Who people appear as in the chat. The server decides it, never the client's `profile` frame:
 * a member is their account's nickname and avatar, a guest the guest prefix + its id (SPEC.md
 * section 4), and no one may appear under a name the system, the anchor or the staff speak with.
 */

/**
 * Names only the system uses (or that users would take for the system, the anchor or staff),
 * compared after normalising (see normalizeName): `【系统消息】`, ` ＡＤＭＩＮ ` and `System` are
 * all taken. Only the whole name counts: `系统分析师老王` is a person.
 */
export const RESERVED_CHAT_NAMES: readonly string[] = [
  '系统消息',
  '系统',
  '系统通知',
  '系统公告',
  '官方',
  '官方客服',
  '客服',
  '主播',
  '助手',
  '小助手',
  '直播助手',
  '管理员',
  '超级管理员',
  '超管',
  '房管',
  'admin',
  'administrator',
  'system',
  'root',
  'official',
  'moderator',
  'support',
];

/** Longest name shown in the chat (characters). */
export const CHAT_NAME_MAX_LENGTH = 32;

/** Full-width to ASCII (NFKC), lower case, and no spaces, punctuation, symbols or invisible characters. */
function normalizeName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\p{P}\p{S}\p{Z}\p{C}\s]/gu, '');
}

const RESERVED = new Set(RESERVED_CHAT_NAMES.map(normalizeName));

export function isReservedChatName(name: string): boolean {
  return RESERVED.has(normalizeName(name));
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

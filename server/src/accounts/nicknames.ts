/**
 * What a member may be called (issue 12): the rules a chosen nickname meets, shared by the
 * profile change (member/service.ts) and the chat (which shows a reserved name as `用户<id>`).
 *
 * - Reserved: names users would take for the system, the anchor or staff, compared after
 *   normalising (`【系统消息】`, ` ＡＤＭＩＮ ` and `System` are all taken). Only the whole name
 *   counts: `系统分析师老王` is a person.
 * - Default-looking: `用户<digits>` is how accounts start out; nobody picks one, so a chosen name
 *   can never be mistaken for (or collide with) someone's default.
 * - Blocked: a listed sensitive word anywhere in the name: the one filter and word list of
 *   moderation/ (`app.moderation`, managed by ops), passed in by the caller.
 * - Unique: no two accounts share a chosen name, compared normalised (the profile change checks
 *   it under a lock: member/service.ts).
 */
export const RESERVED_NAMES: readonly string[] = [
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

/** Full-width to ASCII (NFKC), lower case, and no spaces, punctuation, symbols or invisible characters. */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\p{P}\p{S}\p{Z}\p{C}\s]/gu, '');
}

const RESERVED = new Set(RESERVED_NAMES.map(normalizeName));

export function isReservedName(name: string): boolean {
  return RESERVED.has(normalizeName(name));
}

/** `用户1234`-like: the form of a default nickname. */
export function looksLikeDefaultNickname(name: string): boolean {
  return /^用户\d+$/.test(normalizeName(name));
}

/** The sensitive-word filter as nicknames use it (`app.moderation`: it normalises width, case and separators itself). */
export interface NicknameFilter {
  check(text: string): { ok: boolean };
}

export function isBlockedNickname(name: string, filter: NicknameFilter): boolean {
  return !filter.check(name).ok;
}

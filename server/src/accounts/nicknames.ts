/**
 * What a member may be called (issue 12): the rules a chosen nickname meets, shared by the
 * profile change (member/service.ts) and the chat (which shows a reserved name as `用户<id>`).
 *
 * - Reserved: names users would take for the system, the anchor or staff, compared after
 *   normalising (`【系统消息】`, ` ＡＤＭＩＮ ` and `System` are all taken). Only the whole name
 *   counts: `系统分析师老王` is a person.
 * - Default-looking: `用户<digits>` is how accounts start out; nobody picks one, so a chosen name
 *   can never be mistaken for (or collide with) someone's default.
 * - Blocked: insults and slurs anywhere in the name (moderation; the list is deliberately short
 *   and kept here, a moderation service can replace `isBlockedNickname`).
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

/** Words no nickname may contain (after normalising). */
const BLOCKED_WORDS: readonly string[] = ['傻逼', '煞笔', '操你', '草你妈', '你妈死', '去死', '尼玛', '法轮', '共匪', 'fuck', 'shit', 'bitch', 'nigger', 'cunt'];

/** Full-width to ASCII (NFKC), lower case, and no spaces, punctuation, symbols or invisible characters. */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\p{P}\p{S}\p{Z}\p{C}\s]/gu, '');
}

const RESERVED = new Set(RESERVED_NAMES.map(normalizeName));
const BLOCKED = BLOCKED_WORDS.map(normalizeName);

export function isReservedName(name: string): boolean {
  return RESERVED.has(normalizeName(name));
}

/** `用户1234`-like: the form of a default nickname. */
export function looksLikeDefaultNickname(name: string): boolean {
  return /^用户\d+$/.test(normalizeName(name));
}

export function isBlockedNickname(name: string): boolean {
  const normalized = normalizeName(name);
  return BLOCKED.some((word) => normalized.includes(word));
}

import { describe, expect, it } from 'vitest';
import { chatAvatar, isReservedChatName, memberChatName } from './chatNames';

describe('chat names', () => {
  it('reserve the system and staff names however they are dressed up', () => {
    for (const name of ['系统消息', '【系统消息】', '系\u200b统消息', ' 管理员 ', 'ＡＤＭＩＮ', 'Admin!', 'SYSTEM', 's y s t e m', '主播', '直播助手', '官方客服', '🔔系统通知🔔']) {
      expect(isReservedChatName(name), name).toBe(true);
    }
    for (const name of ['系统分析师老王', '主播的粉丝', 'admin2024', '小明', '用户1234']) expect(isReservedChatName(name), name).toBe(false);
  });

  it('show an empty, invisible or reserved nickname as 用户<id>', () => {
    expect(memberChatName('球迷小李', 7)).toBe('球迷小李');
    expect(memberChatName(' \u200b ', 7)).toBe('用户7');
    expect(memberChatName('系统消息', 7)).toBe('用户7');
    expect(memberChatName('字'.repeat(33), 7)).toBe('用户7');
  });

  it('keep http(s) and same-site avatars only', () => {
    for (const url of ['/uploads/ab.png', 'https://cdn.example.com/a.png', 'http://x.example/a.jpg']) expect(chatAvatar(url)).toBe(url);
    for (const url of ['javascript:alert(1)', '//evil.example/a.png', '/\\evil.example', 'data:image/png;base64,AA', 'https://x.example/a b.png', '"onerror="x', `/${'a'.repeat(600)}`]) {
      expect(chatAvatar(url), url).toBe('');
    }
  });
});

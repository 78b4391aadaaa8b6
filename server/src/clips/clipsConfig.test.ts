import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { defaultClipsConfig, loadClipsConfig } from './clipsConfig';
import { type FeedClipEvent, feedClipKind, feedClipTitle, personClipTitle } from './clipTitles';

describe('CLIP_* variables', () => {
  it('defaults: 30 days, goals 365, 10 person clips a member an hour, 6 a room a minute, 200 MB free, feed clips on', () => {
    expect(loadConfig({}).clips).toEqual(defaultClipsConfig());
    expect(defaultClipsConfig()).toEqual({ retentionDays: 30, goalRetentionDays: 365, personPerUserPerHour: 10, personPerRoomPerMinute: 6, minFreeMb: 200, feedClips: true });
  });

  it('reads each variable and names every bad one', () => {
    const env: Record<string, string> = { CLIP_RETENTION_DAYS: '7', GOAL_CLIP_RETENTION_DAYS: '90', CLIP_PERSON_PER_USER_PER_HOUR: '3', CLIP_PERSON_PER_ROOM_PER_MINUTE: '2', CLIP_MIN_FREE_MB: '0', CLIP_FEED: '0' };
    const problems: string[] = [];
    expect(loadClipsConfig((name) => env[name], problems)).toEqual({ retentionDays: 7, goalRetentionDays: 90, personPerUserPerHour: 3, personPerRoomPerMinute: 2, minFreeMb: 0, feedClips: false });
    expect(problems).toEqual([]);
    const bad: Record<string, string> = { CLIP_RETENTION_DAYS: '0', GOAL_CLIP_RETENTION_DAYS: 'forever', CLIP_FEED: 'yes' };
    loadClipsConfig((name) => bad[name], problems);
    expect(problems).toEqual([
      'CLIP_FEED must be 0 or 1, got "yes"',
      'CLIP_RETENTION_DAYS must be a whole number from 1 to 3650, got "0"',
      'GOAL_CLIP_RETENTION_DAYS must be a whole number from 1 to 3650, got "forever"',
    ]);
  });
});

describe('clip titles', () => {
  const event = (overrides: Partial<FeedClipEvent>): FeedClipEvent => ({
    eventId: 1, matchId: 1, sport: 'football', eventKind: 'goal', detail: null, side: 'home', period: null, minute: 67, extraMinute: null, clockSeconds: null,
    playerZh: null, homeScore: 2, awayScore: 1, homeName: '曼城', awayName: '阿森纳', occurredAt: new Date(0), ...overrides,
  });

  it('words feed events as the goal popup does', () => {
    expect(feedClipTitle(event({}))).toBe("进球！曼城 2-1 阿森纳 67'");
    expect(feedClipTitle(event({ detail: 'penalty', minute: 90, extraMinute: 3 }))).toBe("点球！曼城 2-1 阿森纳 90+3'");
    expect(feedClipKind(event({ detail: 'own_goal' }))).toBe('goal');
    expect(feedClipTitle(event({ eventKind: 'red', side: 'away', playerZh: '萨卡' }))).toBe("红牌！阿森纳 萨卡 67'");
    expect(feedClipTitle(event({ sport: 'basketball', eventKind: 'period_end', period: 2, clockSeconds: 0, homeName: '湖人', awayName: '勇士', homeScore: 50, awayScore: 48 }))).toBe('第2节结束 湖人 50-48 勇士');
    expect(feedClipTitle(event({ sport: 'basketball', eventKind: 'score', period: 5, clockSeconds: 30, homeName: '湖人', awayName: '勇士', homeScore: 110, awayScore: 109 }))).toBe('反超！湖人 110-109 勇士 加时1 00:30');
  });

  it("a person's title is trimmed, at most 40 characters, else 精彩片段 · the room's title", () => {
    expect(personClipTitle('  绝杀  ', '直播间')).toBe('绝杀');
    expect(personClipTitle(undefined, '英超直播')).toBe('精彩片段 · 英超直播');
    expect(personClipTitle('', 'x'.repeat(60))).toHaveLength(40);
  });
});

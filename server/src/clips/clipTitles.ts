import { CLIP_TITLE_MAX, type ClipKind } from '@sports/shared/server';
import { basketballClock, footballMinute } from '../scores/index';

/** A feed event as the clip watcher reads it (match_event joined with its match's teams). */
export interface FeedClipEvent {
  eventId: number;
  matchId: number;
  sport: string;
  /** match_event.kind: goal, red (football); period_end, score (basketball). */
  eventKind: string;
  detail: string | null;
  side: 'home' | 'away' | null;
  period: number | null;
  minute: number | null;
  extraMinute: number | null;
  clockSeconds: number | null;
  playerZh: string | null;
  homeScore: number;
  awayScore: number;
  homeName: string;
  awayName: string;
  occurredAt: Date;
}

/** What a feed event becomes: a goal from the spot is a penalty clip. */
export function feedClipKind(event: Pick<FeedClipEvent, 'eventKind' | 'detail'>): ClipKind {
  switch (event.eventKind) {
    case 'goal':
      return event.detail === 'penalty' ? 'penalty' : 'goal';
    case 'red':
      return 'red_card';
    case 'period_end':
      return 'quarter_end';
    default:
      return 'lead_change';
  }
}

/** The minute shown on the event: 67' in football, 第4节 01:12 in basketball. */
export function feedClipMinute(event: FeedClipEvent): string | null {
  if (event.sport === 'football') return footballMinute(event.minute, event.extraMinute) || null;
  if (event.sport === 'basketball') return basketballClock(event.period, event.clockSeconds) || null;
  return null;
}

/**
 * The clip's title, as the goal popup words the event: 进球！曼城 2-1 阿森纳 67';
 * 点球！…; 红牌！阿森纳 张三 67'; 第1节结束 湖人 25-22 勇士; 反超！湖人 98-97 勇士 第4节 01:12.
 */
export function feedClipTitle(event: FeedClipEvent): string {
  const score = `${event.homeName} ${event.homeScore}-${event.awayScore} ${event.awayName}`;
  const minute = feedClipMinute(event);
  const at = minute === null ? '' : ` ${minute}`;
  switch (feedClipKind(event)) {
    case 'goal':
      return `进球！${score}${at}`;
    case 'penalty':
      return `点球！${score}${at}`;
    case 'red_card': {
      const team = event.side === 'away' ? event.awayName : event.homeName;
      return `红牌！${team}${event.playerZh ? ` ${event.playerZh}` : ''}${at}`;
    }
    case 'quarter_end':
      return `${minute ?? '本节结束'} ${score}`;
    default:
      return `反超！${score}${at}`;
  }
}

/** A person's title: trimmed, or the default 精彩片段 (the room's title when given). */
export function personClipTitle(requested: string | undefined, roomTitle: string): string {
  const trimmed = requested?.trim() ?? '';
  if (trimmed !== '') return trimmed.slice(0, CLIP_TITLE_MAX);
  return `精彩片段 · ${roomTitle}`.slice(0, CLIP_TITLE_MAX);
}

/** A clip of part of its span says so in its title. */
export function partialTitle(title: string): string {
  return title.endsWith('（不完整）') ? title : `${title}（不完整）`;
}

import type { MatchEvent } from '@sports/shared';
import { detailCopy } from '../messages';

/** What one event says: '进球 张三（点球）', '换人 李四 换下 王五', '得分 3分'. */
export function eventText(event: MatchEvent): string {
  const kind = detailCopy.events[event.kind];
  if (event.kind === 'substitution') return `${kind} ${detailCopy.substitution(event.player_zh ?? '', event.player_in_zh ?? '')}`;
  const detail =
    event.detail === 'penalty' ? detailCopy.penalty
    : event.detail === 'own_goal' ? detailCopy.ownGoal
    : event.detail === 'second_yellow' ? detailCopy.secondYellow
    : null;
  const points = event.kind === 'score' && event.points !== null ? detailCopy.points(event.points) : null;
  return [kind, event.player_zh, detail && `（${detail}）`, points].filter(Boolean).join(' ');
}

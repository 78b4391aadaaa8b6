import '../testing/setup';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommentaryLine } from '@sports/shared';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { MATCH_PATHS } from '../scoreBar/matchApi';
import { CommentaryList } from './CommentaryList';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');

function line(id: number, secondsAgo: number, text: string, kind: CommentaryLine['kind'] = 'goal'): CommentaryLine {
  return { id, kind, match_str: `${60 + id}'`, text, occurred_at: new Date(NOW - secondsAgo * 1_000).toISOString() };
}

const page = (list: CommentaryLine[]) => ({ list, total: list.length, page: 1, page_size: 50 });
const texts = () => screen.queryAllByTestId('commentary-line').map((item) => item.textContent);

afterEach(() => void vi.useRealTimers());

describe('commentary in the assistant channel', () => {
  it('lists the match\'s commentary newest first, with the minute, asking getRobot for the match', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const context = liveContext({ [MATCH_PATHS.robot]: page([line(2, 30, '球进了！阿森纳 萨卡 破门得分'), line(1, 600, '比赛开始', 'kickoff')]) });
    renderInRemote(context, <CommentaryList context={context} matchId={41} row={null} />);
    await waitFor(() => expect(texts()).toEqual(["62'球进了！阿森纳 萨卡 破门得分", "61'比赛开始"]));
    expect(context.callsTo(MATCH_PATHS.robot)[0]?.params).toEqual({ match_id: 41, page: 1, page_size: 50 });
    expect(screen.getByRole('region', { name: '文字直播' })).toBeTruthy();
  });

  it('says so when there is nothing yet, and when it cannot load', async () => {
    const empty = liveContext({ [MATCH_PATHS.robot]: page([]) });
    const { unmount } = renderInRemote(empty, <CommentaryList context={empty} matchId={41} row={null} />);
    expect(await screen.findByText('比赛开始后这里会有文字直播')).toBeTruthy();
    unmount();
    const failing = liveContext({ [MATCH_PATHS.robot]: new Error('down') });
    renderInRemote(failing, <CommentaryList context={failing} matchId={41} row={null} />);
    expect((await screen.findByRole('alert')).textContent).toBe('文字直播加载失败');
  });

  it('spoiler-free: a line newer than the player\'s delay waits until the picture reaches it', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const context = liveContext({ [MATCH_PATHS.robot]: page([line(2, 2, '球进了！刚刚的进球'), line(1, 600, '比赛开始', 'kickoff')]) });
    renderInRemote(context, <CommentaryList context={context} matchId={41} row={null} />);
    act(() => context.eventBus.emit('player:delay', { roomId: 5, matchId: 41, delayMs: 8_000 }));
    await waitFor(() => expect(texts()).toEqual(["61'比赛开始"]));
    // The player keeps reporting 8 s; the goal happened 2 s ago, so it shows 6 s from now.
    for (let second = 0; second < 5; second += 1) {
      act(() => context.eventBus.emit('player:delay', { roomId: 5, matchId: 41, delayMs: 8_000 }));
      await act(async () => void vi.advanceTimersByTime(1_000));
    }
    expect(texts()).toEqual(["61'比赛开始"]);
    act(() => context.eventBus.emit('player:delay', { roomId: 5, matchId: 41, delayMs: 8_000 }));
    await act(async () => void vi.advanceTimersByTime(1_100));
    await waitFor(() => expect(texts()).toEqual(["62'球进了！刚刚的进球", "61'比赛开始"]));
  });
});

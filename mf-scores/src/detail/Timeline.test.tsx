import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemoteRoot, type Clip } from '@sports/shared';
import { SCORES_PATHS } from '../api/scoresApi';
import { matchEvent, matchRow, pageOf, scoresContext } from '../testing/fixtures';
import { clipsByEvent, Timeline } from './Timeline';

function clip(id: number, eventId: number | null, overrides: Partial<Clip> = {}): Clip {
  return {
    id,
    title: "进球！阿森纳 1-0 切尔西 23'",
    kind: 'goal',
    status: 'ready',
    failure: null,
    video_url: `/media/clips/${id}.mp4`,
    thumb_url: `/media/clips/${id}.jpg`,
    duration_ms: 30_000,
    happened_at: '2026-05-17T11:53:00.000Z',
    created_at: '2026-05-17T11:53:12.000Z',
    room_id: 7,
    anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' },
    match_id: 1,
    event_id: eventId,
    minute: "23'",
    creator: null,
    can_edit: 0,
    ...overrides,
  };
}

describe('the timeline’s clip marks', () => {
  it('an event with a clip carries a named play mark linking to its clip page; the others none', async () => {
    const row = matchRow();
    const goal = matchEvent(row, { player_zh: '萨卡', match_str: "23'" });
    const card = matchEvent(row, { kind: 'red', side: 'away', player_zh: '杰克逊', match_str: "70'" });
    const yellow = matchEvent(row, { kind: 'yellow', side: 'home', player_zh: '赖斯', match_str: "75'" });
    const context = scoresContext({
      [SCORES_PATHS.events]: pageOf([goal, card, yellow]),
      [SCORES_PATHS.clipList]: { list: [clip(42, card.id, { kind: 'red_card' }), clip(41, goal.id)], next_cursor: null },
    });
    render(
      <RemoteRoot context={context}>
        <Timeline context={context} row={row} />
      </RemoteRoot>,
    );
    const goalMark = await screen.findByRole('link', { name: "看回放：23' 进球 萨卡" });
    expect(goalMark.getAttribute('href')).toBe('#/clip?id=41');
    const cardMark = screen.getByRole('link', { name: "看回放：70' 红牌 杰克逊" });
    expect(cardMark.getAttribute('href')).toBe('#/clip?id=42');
    expect(screen.getAllByTestId('timeline-clip')).toHaveLength(2);
    const yellowLine = screen.getAllByTestId('timeline-event').find((line) => line.textContent?.includes('赖斯')) as HTMLElement;
    expect(within(yellowLine).queryByRole('link')).toBeNull();
    expect(context.callsTo(SCORES_PATHS.clipList)[0]?.params).toEqual({ match_id: row.match_id, limit: 50 });
  });

  it('without clips (none, or the list failed) the timeline is the same, unmarked', async () => {
    const row = matchRow();
    const context = scoresContext({ [SCORES_PATHS.events]: pageOf([matchEvent(row, { player_zh: '萨卡' })]), [SCORES_PATHS.clipList]: new Error('offline') });
    render(
      <RemoteRoot context={context}>
        <Timeline context={context} row={row} />
      </RemoteRoot>,
    );
    await screen.findByText('进球 萨卡');
    await waitFor(() => expect(context.callsTo(SCORES_PATHS.clipList)).toHaveLength(1));
    expect(screen.queryByTestId('timeline-clip')).toBeNull();
  });

  it('keeps ready clips of events only, the newest per event', () => {
    const byEvent = clipsByEvent([clip(3, 9), clip(2, 9), clip(1, null, { kind: 'person' }), clip(4, 8, { status: 'cutting' })]);
    expect([...byEvent.entries()].map(([event, found]) => [event, found.id])).toEqual([[9, 3]]);
  });
});

describe('the match’s replays (直播回放)', () => {
  it('lists the ready replays of the match as links to the replay page; nothing when none', async () => {
    const { MatchReplays } = await import('./MatchReplays');
    const replay = (id: number, status: 'ready' | 'recording') => ({
      id,
      room_id: 7,
      title: '英超直播',
      anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' },
      match_id: 1,
      started_at: '2026-05-17T11:00:00.000Z',
      ended_at: null,
      duration_ms: 0,
      status,
      thumb_url: null,
      can_edit: 0 as const,
    });
    const context = scoresContext({ [SCORES_PATHS.replayList]: { list: [replay(61, 'ready'), replay(62, 'recording')], next_cursor: null } });
    const view = render(
      <RemoteRoot context={context}>
        <MatchReplays context={context} matchId={1} />
      </RemoteRoot>,
    );
    const region = await screen.findByRole('region', { name: '直播回放' });
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['看回放：主播老李 英超直播', '#/clip?replay=61']]);
    expect(region.querySelector('time')?.textContent).toContain('19:00');
    expect(context.callsTo(SCORES_PATHS.replayList)[0]?.params).toEqual({ match_id: 1, limit: 10 });
    view.unmount();

    const none = scoresContext({ [SCORES_PATHS.replayList]: { list: [], next_cursor: null } });
    render(
      <RemoteRoot context={none}>
        <MatchReplays context={none} matchId={1} />
      </RemoteRoot>,
    );
    await waitFor(() => expect(none.callsTo(SCORES_PATHS.replayList)).toHaveLength(1));
    expect(screen.queryByTestId('match-replays')).toBeNull();
  });
});

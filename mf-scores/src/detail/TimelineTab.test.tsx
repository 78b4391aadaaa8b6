import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemoteRoot } from '@sports/shared';
import { SCORES_PATHS } from '../api/scoresApi';
import { matchEvent, matchRow, pageOf, scoresContext } from '../testing/fixtures';
import { TimelineTab } from './TimelineTab';

/** An answer the test gives when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const replay = {
  id: 5,
  title: '阿森纳 vs 切尔西',
  status: 'ready',
  started_at: '2026-05-17T11:30:00.000Z',
  anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' },
};

describe('赛况: parts shown top down, each once the parts above it settled', () => {
  it('late replays: the commentary, loaded first, waits hidden; the replays come in above it, then it shows (nothing painted is pushed down)', async () => {
    const row = matchRow();
    const replays = deferred<unknown>();
    const context = scoresContext({
      [SCORES_PATHS.events]: pageOf([matchEvent(row, { player_zh: '萨卡', match_str: "23'" })]),
      [SCORES_PATHS.clipList]: { list: [], next_cursor: null },
      [SCORES_PATHS.replayList]: () => replays.promise,
      [SCORES_PATHS.robot]: pageOf([{ id: 1, kind: 'goal', match_str: "23'", text: '萨卡破门，阿森纳 1-0 领先', occurred_at: '2026-05-17T11:53:00.000Z' }]),
    });
    render(
      <RemoteRoot context={context}>
        <TimelineTab context={context} row={row} />
      </RemoteRoot>,
    );
    await screen.findByTestId('timeline');
    // The timeline settles in the commit after it shows: the replays' part then shows (loading).
    await waitFor(() => expect(screen.getByTestId('timeline-tab-replays').hidden).toBe(false));
    // The commentary was asked for at once (it loads beside the parts above) but is not shown yet.
    expect(context.callsTo(SCORES_PATHS.robot)).toHaveLength(1);
    expect(screen.getByTestId('timeline-tab-commentary').hidden).toBe(true);

    await act(async () => replays.resolve({ list: [replay], next_cursor: null }));
    await screen.findByTestId('match-replay');
    expect(screen.getByTestId('timeline-tab-commentary').hidden).toBe(false);
    expect(screen.getByText('萨卡破门，阿森纳 1-0 领先')).toBeTruthy();
  });

  it('late events: neither the replays nor the commentary shows before the timeline; a failed replay list does not hold the commentary', async () => {
    const row = matchRow();
    const events = deferred<unknown>();
    const context = scoresContext({
      [SCORES_PATHS.events]: () => events.promise,
      [SCORES_PATHS.clipList]: { list: [], next_cursor: null },
      [SCORES_PATHS.replayList]: new Error('offline'),
      [SCORES_PATHS.robot]: pageOf([{ id: 1, kind: 'goal', match_str: "23'", text: '萨卡破门，阿森纳 1-0 领先', occurred_at: '2026-05-17T11:53:00.000Z' }]),
    });
    render(
      <RemoteRoot context={context}>
        <TimelineTab context={context} row={row} />
      </RemoteRoot>,
    );
    await screen.findByText('萨卡破门，阿森纳 1-0 领先');
    expect(screen.getByTestId('timeline-tab-replays').hidden).toBe(true);
    expect(screen.getByTestId('timeline-tab-commentary').hidden).toBe(true);

    await act(async () => events.resolve(pageOf([matchEvent(row, { player_zh: '萨卡', match_str: "23'" })])));
    await screen.findByTestId('timeline');
    await waitFor(() => expect(screen.getByTestId('timeline-tab-commentary').hidden).toBe(false));
    expect(screen.getByTestId('timeline-tab-replays').hidden).toBe(false);
    expect(screen.queryByTestId('match-replays')).toBeNull();
  });
});

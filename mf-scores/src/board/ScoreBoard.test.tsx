import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gameSetingAtom, userInfoAtom, type MatchRow } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { SCORES_PATHS } from '../api/scoresApi';
import { routes } from '../routes';
import { FakeLiveSocket } from '../testing/fakeLiveSocket';
import { basketballRow, MEMBER, matchRow, pageOf, scoresContext } from '../testing/fixtures';

const competitions = [
  { id: 1, sport: 'football', name_zh: '英格兰足球超级联赛', short_name_zh: '英超', hot: true },
  { id: 2, sport: 'football', name_zh: '西班牙足球甲级联赛', short_name_zh: '西甲', hot: true },
];

function boardContext(byStatus: Record<string, MatchRow[]>, extra: Record<string, unknown> = {}) {
  return scoresContext({
    [SCORES_PATHS.competitions]: competitions,
    [SCORES_PATHS.allMatch]: (body: Record<string, unknown> | undefined) => {
      const rows = (byStatus[String(body?.status)] ?? []).filter((row) => body?.competition_id === undefined || row.competition_id === body.competition_id);
      return pageOf(rows);
    },
    [SCORES_PATHS.collect]: (body: Record<string, unknown> | undefined) => body,
    [SCORES_PATHS.collectList]: pageOf([]),
    ...extra,
  });
}

function rowOf(row: MatchRow): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-match-id="${row.match_id}"]`);
  if (!element) throw new Error(`row ${row.match_id} not shown`);
  return element;
}

describe('football scores board', () => {
  it('renders the live rows all_match answered: time, competition, teams, score, half-time, cards', async () => {
    const live = matchRow({ home_team_name_zh: '阿森纳', away_team_name_zh: '切尔西', home_score: 2, away_score: 1, home_half_score: 1, away_half_score: 1, home_red: 1, away_yellow: 2 });
    const context = boardContext({ live: [live] });
    renderRemotePage(routes, 'football', {}, context);

    const row = within(await screen.findByTestId('match-table')).getByText('阿森纳').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('英超');
    expect(row.textContent).toContain('19:30');
    expect(row.textContent).toContain("67'");
    expect(within(row).getByTestId('match-score').textContent).toBe('2-1');
    expect(within(row).getByTestId('match-score').getAttribute('href')).toBe(`#/score-detail?id=${live.match_id}`);
    expect(row.querySelector('[data-col="half"]')?.textContent).toBe('1-1');
    expect(within(row).getByRole('img', { name: '红牌 1' })).toBeTruthy();
    expect(within(row).getByRole('img', { name: '黄牌 2' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '足球' })).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).toMatchObject({ sport: 'football', status: 'live', page: 1 });
  });

  it('long team names end with … and carry the full name in a title, home and away (issue 33)', async () => {
    const live = matchRow({ home_team_name_zh: 'Gen.G电子竞技俱乐部', away_team_name_zh: '布莱顿与霍夫阿尔比恩足球俱乐部' });
    renderRemotePage(routes, 'football', {}, boardContext({ live: [live] }));
    const row = (await screen.findByTitle('Gen.G电子竞技俱乐部')).closest('tr') as HTMLElement;
    for (const team of ['Gen.G电子竞技俱乐部', '布莱顿与霍夫阿尔比恩足球俱乐部']) {
      const name = within(row).getByTitle(team);
      expect(name.textContent).toBe(team);
      expect(getComputedStyle(name).textOverflow).toBe('ellipsis');
      expect(getComputedStyle(name).whiteSpace).toBe('nowrap');
    }
  });

  it('on a phone the filter and settings fold behind 筛选与设置 (aria-expanded), which names the competition chosen (issue 33)', async () => {
    const live = matchRow({ home_team_name_zh: '阿森纳' });
    renderRemotePage(routes, 'football', {}, boardContext({ live: [live] }));
    await screen.findByText('阿森纳');
    const box = screen.getByTestId('board-filters');
    // Hidden on wide screens (here: jsdom applies no media query), the filters always shown there.
    const toggle = box.querySelector('button[aria-expanded]') as HTMLButtonElement;
    expect(toggle.textContent).toContain('筛选与设置');
    expect(getComputedStyle(toggle).display).toBe('none');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('data-open')).toBe('false');
    const filters = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(filters).getByLabelText('赛事筛选')).toBeTruthy();
    expect(within(filters).getByText('显示红牌')).toBeTruthy();
    expect(toggle.textContent).toContain('全部赛事');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('data-open')).toBe('true');
    const select = within(filters).getByLabelText('赛事筛选') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    fireEvent.change(select, { target: { value: '2' } });
    expect(toggle.textContent).toContain('西甲');
  });

  it('tabs switch between live, upcoming and finished; the competition filter narrows the query', async () => {
    const live = matchRow({ home_team_name_zh: '进行中主队' });
    const scheduled = matchRow({ status: 'scheduled', match_str: '未开赛', home_team_name_zh: '未开始主队', home_half_score: null, away_half_score: null });
    const finished = matchRow({ status: 'finished', match_str: '完场', home_team_name_zh: '已结束主队', competition_id: 2, competition_short_zh: '西甲' });
    const otherFinished = matchRow({ status: 'finished', match_str: '完场', home_team_name_zh: '英超完场主队' });
    const context = boardContext({ live: [live], scheduled: [scheduled], finished: [finished, otherFinished] });
    renderRemotePage(routes, 'football', {}, context);
    expect(await screen.findByText('进行中主队')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '未开始' }));
    expect(await screen.findByText('未开始主队')).toBeTruthy();
    expect(screen.queryByText('进行中主队')).toBeNull();
    expect(within(rowOf(scheduled)).getByTestId('match-score').textContent).toBe('-');
    expect(screen.getByRole('tab', { name: '未开始' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: '已结束' }));
    expect(await screen.findByText('已结束主队')).toBeTruthy();
    expect(screen.getByText('英超完场主队')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('赛事筛选'), { target: { value: '2' } });
    await waitFor(() => expect(screen.queryByText('英超完场主队')).toBeNull());
    expect(screen.getByText('已结束主队')).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.allMatch).at(-1)?.params).toMatchObject({ sport: 'football', status: 'finished', competition_id: 2 });
  });

  it('arrow keys move between tabs', async () => {
    renderRemotePage(routes, 'football', {}, boardContext({}));
    const live = await screen.findByRole('tab', { name: '进行中' });
    fireEvent.keyDown(live, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '未开始' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '未开始' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('tab', { name: '已结束' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says so when a tab has no matches, and offers a retry when the list cannot load', async () => {
    let fail = true;
    const context = boardContext({}, { [SCORES_PATHS.allMatch]: () => (fail ? new Error('down') : pageOf([])) });
    renderRemotePage(routes, 'football', {}, context);
    expect(await screen.findByText('比赛列表暂时无法加载')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('当前没有进行中的比赛')).toBeTruthy();
  });

  it('the red and yellow card switches of gameSeting hide the cards and are saved', async () => {
    const live = matchRow({ home_red: 1, away_yellow: 1 });
    const context = boardContext({ live: [live] });
    renderRemotePage(routes, 'football', {}, context);
    await screen.findByRole('img', { name: '红牌 1' });

    fireEvent.click(screen.getByRole('switch', { name: '显示红牌' }));
    expect(screen.queryByRole('img', { name: '红牌 1' })).toBeNull();
    expect(screen.getByRole('img', { name: '黄牌 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '显示黄牌' }));
    expect(screen.queryByRole('img', { name: '黄牌 1' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: '进球声音' }));

    expect(context.store.get(gameSetingAtom)).toEqual({ red: false, yellow: false, voice: false });
    expect(JSON.parse(localStorage.getItem('gameSeting') ?? '{}')).toEqual({ red: false, yellow: false, voice: false });
  });

  it('the goal-alert settings (immediately value1-value4) are switches too', async () => {
    const context = boardContext({});
    renderRemotePage(routes, 'football', {}, context);
    fireEvent.click(await screen.findByRole('switch', { name: '只提示收藏的比赛' }));
    fireEvent.click(screen.getByRole('switch', { name: '进球弹窗' }));
    expect(JSON.parse(localStorage.getItem('immediately') ?? '{}')).toEqual({ value1: false, value2: true, value3: true, value4: false });
  });
});

describe('live updates from the socket', () => {
  it('opens one live-data connection for every competition (register, toggle, classify 0)', async () => {
    renderRemotePage(routes, 'football', {}, boardContext({}));
    await screen.findByText('当前没有进行中的比赛');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    const socket = FakeLiveSocket.opened[0] as FakeLiveSocket;
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/ws\/live-data$/);
    expect(socket.sent).toEqual([
      { type: 'register', info: 'web' },
      { type: 'toggle', company_id: 3 },
      { type: 'classify', classify_type: 0 },
    ]);
    expect(await screen.findByTestId('live-status')).toHaveProperty('textContent', '实时更新中');
  });

  it('a code-100 football_match message replaces the row by match id, without a reload', async () => {
    const live = matchRow({ home_team_name_zh: '利物浦', home_score: 0, away_score: 0, match_str: "30'" });
    const other = matchRow({ home_team_name_zh: '曼城' });
    const context = boardContext({ live: [live, other] });
    renderRemotePage(routes, 'football', {}, context);
    await screen.findByText('利物浦');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));

    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 1, data: [{ ...live, home_score: 1, match_str: "31'", away_red: 1 }] }));

    const row = rowOf(live);
    expect(within(row).getByTestId('match-score').textContent).toBe('1-0');
    expect(row.textContent).toContain("31'");
    expect(within(row).getByRole('img', { name: '红牌 1' })).toBeTruthy();
    expect(within(rowOf(other)).getByTestId('match-score').textContent).toBe('1-0');
    expect(context.callsTo(SCORES_PATHS.allMatch)).toHaveLength(1);
    // Basketball frames are not this page's.
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'basketball_match', seq: 1, data: [basketballRow({ match_id: live.match_id })] }));
    expect(within(rowOf(live)).getByTestId('match-score').textContent).toBe('1-0');
  });

  it('a match that kicks off appears on the live tab', async () => {
    const context = boardContext({ live: [] });
    renderRemotePage(routes, 'football', {}, context);
    await screen.findByText('当前没有进行中的比赛');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    const started = matchRow({ home_team_name_zh: '刚开球主队', match_str: "1'", home_score: 0 });
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 5, data: [started] }));
    expect(await screen.findByText('刚开球主队')).toBeTruthy();
  });
});

describe('basketball scores board', () => {
  it('shows quarter scores and no cards', async () => {
    const game = basketballRow({ home_team_name_zh: '湖人', away_team_name_zh: '勇士', home_red: 1 });
    const context = boardContext({ live: [game] });
    renderRemotePage(routes, 'basketball', {}, context);
    const row = (await screen.findByText('湖人')).closest('tr') as HTMLElement;
    expect(row.querySelector('[data-col="periods"]')?.textContent).toBe('28-25 30-27 12-13');
    expect(within(row).getByTestId('match-score').textContent).toBe('70-65');
    expect(within(row).queryByRole('img')).toBeNull();
    expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).toMatchObject({ sport: 'basketball', status: 'live' });
  });

  it('basketball_match frames update it live', async () => {
    const game = basketballRow();
    renderRemotePage(routes, 'basketball', {}, boardContext({ live: [game] }));
    await screen.findByText(game.home_team_name_zh);
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    act(() =>
      FakeLiveSocket.broadcast({ code: 100, type: 'basketball_match', seq: 2, data: [{ ...game, home_score: 73, period_scores: [[28, 25], [30, 27], [15, 13]] }] }),
    );
    expect(within(rowOf(game)).getByTestId('match-score').textContent).toBe('73-65');
  });
});

describe('bifen', () => {
  it('lists football and basketball together', async () => {
    const football = matchRow({ home_team_name_zh: '足球主队' });
    const basketball = basketballRow({ home_team_name_zh: '篮球主队' });
    const context = boardContext({ live: [football, basketball] });
    renderRemotePage(routes, 'bifen', {}, context);
    expect(await screen.findByText('足球主队')).toBeTruthy();
    expect(screen.getByText('篮球主队')).toBeTruthy();
    expect(context.callsTo(SCORES_PATHS.allMatch)[0]?.params).not.toHaveProperty('sport');
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'basketball_match', seq: 3, data: [{ ...basketball, home_score: 99 }] }));
    expect(within(rowOf(basketball)).getByTestId('match-score').textContent).toBe('99-65');
  });
});

describe('favourites', () => {
  it('a member stars a match (POST collect 1), then unstars it (collect 0)', async () => {
    const live = matchRow({ home_team_name_zh: '国米', away_team_name_zh: '米兰' });
    const context = boardContext({ live: [live] });
    context.store.set(userInfoAtom, MEMBER);
    const seen: string[] = [];
    context.eventBus.on('toast', (toast) => seen.push(toast.message));
    renderRemotePage(routes, 'football', {}, context);

    const star = await screen.findByRole('button', { name: '收藏 国米 对 米兰' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    expect(context.callsTo(SCORES_PATHS.collect).at(-1)?.params).toEqual({ match_id: live.match_id, collect: 1 });

    fireEvent.click(screen.getByRole('tab', { name: '我的收藏' }));
    expect(await screen.findByText('国米')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '收藏 国米 对 米兰' }));
    await waitFor(() => expect(context.callsTo(SCORES_PATHS.collect).at(-1)?.params).toEqual({ match_id: live.match_id, collect: 0 }));
    expect(await screen.findByText(/还没有收藏的比赛/)).toBeTruthy();
    expect(seen).toEqual(['已收藏', '已取消收藏']);
  });

  it('the favourites tab lists the saved favourites, kept live', async () => {
    const saved = matchRow({ home_team_name_zh: '收藏的主队' });
    const savedGame = basketballRow({ home_team_name_zh: '收藏的篮球' });
    const context = boardContext({ live: [] }, { [SCORES_PATHS.collectList]: pageOf([saved, savedGame]) });
    context.store.set(userInfoAtom, MEMBER);
    renderRemotePage(routes, 'football', {}, context);
    fireEvent.click(await screen.findByRole('tab', { name: '我的收藏' }));
    expect(await screen.findByText('收藏的主队')).toBeTruthy();
    expect(screen.getByRole('button', { name: `收藏 收藏的主队 对 ${saved.away_team_name_zh}` }).getAttribute('aria-pressed')).toBe('true');
    // Favourites of other sports are not this page's.
    expect(screen.queryByText('收藏的篮球')).toBeNull();
    await waitFor(() => expect(FakeLiveSocket.opened).toHaveLength(1));
    act(() => FakeLiveSocket.broadcast({ code: 100, type: 'football_match', seq: 9, data: [{ ...saved, home_score: 4 }] }));
    expect(within(rowOf(saved)).getByTestId('match-score').textContent).toBe('4-0');
  });

  it('a visitor gets 请登录后操作 and the login modal, and nothing is sent', async () => {
    const live = matchRow({ home_team_name_zh: '尤文', away_team_name_zh: '那不勒斯' });
    const context = boardContext({ live: [live] });
    const seen: Array<[string, unknown]> = [];
    context.eventBus.on('*', (type, event) => seen.push([String(type), event]));
    renderRemotePage(routes, 'football', {}, context);

    fireEvent.click(await screen.findByRole('button', { name: '收藏 尤文 对 那不勒斯' }));
    expect(seen).toEqual([
      ['toast', { kind: 'warning', message: '请登录后操作', durationMs: 3000 }],
      ['login:open', { mode: 'code' }],
    ]);
    expect(context.callsTo(SCORES_PATHS.collect)).toHaveLength(0);
    expect(context.callsTo(SCORES_PATHS.collectList)).toHaveLength(0);
    expect(screen.queryByRole('tab', { name: '我的收藏' })).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { historyListAtom, type HotMatch } from '@sports/shared';
import { SearchBox, searchPanel } from './SearchBox';
import { renderWithHost, type HostTestOptions } from './testing/renderWithHost';

const HOT_PATH = 'api/hot_match/initial_list';

const HOT_MATCHES: HotMatch[] = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  sport: 'football',
  short_name_zh: `热门${index + 1}`,
}));

function renderSearch(options: HostTestOptions = {}) {
  const rendered = renderWithHost(<SearchBox />, { answers: { get: { [HOT_PATH]: HOT_MATCHES } }, ...options });
  return { ...rendered, input: screen.getByLabelText('搜索') as HTMLInputElement };
}

function submit(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.form as HTMLFormElement);
}

function historySection(): HTMLElement {
  return screen.getByRole('region', { name: '搜索历史' });
}

function hotSection(): HTMLElement {
  return screen.getByRole('region', { name: '热门赛事' });
}

// The panel's chunk loaded first, as after the box was pointed at (the test below: before it).
beforeAll(() => searchPanel.load());

describe('SearchBox', () => {
  it('is a labelled input of at most 10 characters with its placeholder', () => {
    const { input } = renderSearch();
    expect(input.maxLength).toBe(10);
    expect(input.placeholder).toBe('搜索赛事、球队、主播');
    expect(screen.queryByRole('region', { name: '搜索历史' })).toBeNull();
  });

  it('opens the trimmed, encoded search in a new tab and remembers it', () => {
    const { input, navigate, store } = renderSearch();
    submit(input, '  皇马 & 巴萨 ');
    expect(navigate).toHaveBeenCalledWith(`/search?name=${encodeURIComponent('皇马 & 巴萨')}`, { newTab: true });
    expect(navigate.mock.calls[0]?.[0]).toBe('/search?name=%E7%9A%87%E9%A9%AC%20%26%20%E5%B7%B4%E8%90%A8');
    expect(store.get(historyListAtom)).toEqual(['皇马 & 巴萨']);
    expect(JSON.parse(localStorage.getItem('historyList') ?? '[]')).toEqual(['皇马 & 巴萨']);
  });

  it('searches from the search button too', () => {
    const { input, navigate } = renderSearch();
    fireEvent.change(input, { target: { value: '湖人' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(navigate).toHaveBeenCalledWith('/search?name=%E6%B9%96%E4%BA%BA', { newTab: true });
  });

  it('ignores a blank search', () => {
    const { input, navigate, store } = renderSearch();
    submit(input, '   ');
    submit(input, '');
    expect(navigate).not.toHaveBeenCalled();
    expect(store.get(historyListAtom)).toEqual([]);
  });

  it('keeps history newest first, without repeats, at most 10', () => {
    const { input, store } = renderSearch();
    for (let index = 1; index <= 11; index += 1) submit(input, `队${index}`);
    submit(input, '队5');
    const history = store.get(historyListAtom);
    expect(history).toHaveLength(10);
    expect(history.slice(0, 3)).toEqual(['队5', '队11', '队10']);
    expect(history).not.toContain('队1');
    expect(history.filter((entry) => entry === '队5')).toHaveLength(1);
  });

  it('shows the history on focus, deletes one entry and clears all', () => {
    const { input, store } = renderSearch({ answers: { get: { [HOT_PATH]: [] } } });
    store.set(historyListAtom, ['湖人', '皇马', '曼城']);
    fireEvent.focus(input);
    const section = historySection();
    expect(within(section).getByRole('button', { name: '湖人' })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: '删除 皇马' }));
    expect(store.get(historyListAtom)).toEqual(['湖人', '曼城']);
    expect(within(historySection()).queryByRole('button', { name: '皇马' })).toBeNull();
    fireEvent.click(within(historySection()).getByRole('button', { name: '清空' }));
    expect(store.get(historyListAtom)).toEqual([]);
    // Nothing left: no empty 搜索历史 heading, and the focus is back in the box.
    expect(screen.queryByRole('region', { name: '搜索历史' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '搜索历史' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('shows no empty heading: no history, no 搜索历史; no hot matches either, no panel at all (issue 33)', async () => {
    const { input, get } = renderSearch({ answers: { get: { [HOT_PATH]: [] } } });
    fireEvent.focus(input);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { name: '搜索历史' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '热门赛事' })).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('with hot matches but no history: the hot list alone', async () => {
    const { input } = renderSearch();
    fireEvent.focus(input);
    expect(await screen.findByRole('heading', { name: '热门赛事' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '搜索历史' })).toBeNull();
  });

  it('deleting the last history entry takes the section away and gives the focus back to the box', () => {
    const { input, store } = renderSearch({ answers: { get: { [HOT_PATH]: [] } } });
    store.set(historyListAtom, ['湖人']);
    fireEvent.focus(input);
    fireEvent.click(within(historySection()).getByRole('button', { name: '删除 湖人' }));
    expect(screen.queryByRole('region', { name: '搜索历史' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('choosing a history entry searches it in a new tab and moves it to the front', () => {
    const { input, store, navigate } = renderSearch();
    store.set(historyListAtom, ['湖人', '皇马']);
    fireEvent.focus(input);
    fireEvent.click(within(historySection()).getByRole('button', { name: '皇马' }));
    expect(navigate).toHaveBeenCalledWith('/search?name=%E7%9A%87%E9%A9%AC', { newTab: true });
    expect(store.get(historyListAtom)).toEqual(['皇马', '湖人']);
    expect(screen.queryByRole('region', { name: '搜索历史' })).toBeNull();
  });

  it('shows the first 10 hot matches by short_name_zh, fetched once', async () => {
    const { input, get } = renderSearch();
    fireEvent.focus(input);
    await waitFor(() => expect(within(hotSection()).getAllByRole('button')).toHaveLength(10));
    const names = within(hotSection())
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/^\d+/, ''));
    expect(names).toEqual(HOT_MATCHES.slice(0, 10).map((match) => match.short_name_zh));
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.focus(input);
    await waitFor(() => expect(within(hotSection()).getAllByRole('button')).toHaveLength(10));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith(HOT_PATH);
  });

  it('does not fetch the hot list before the box is first focused', () => {
    const { get } = renderSearch();
    expect(get).not.toHaveBeenCalled();
  });

  it('choosing a hot match searches its name in a new tab', async () => {
    const { input, navigate, store } = renderSearch();
    fireEvent.focus(input);
    const button = await within(await screen.findByRole('region', { name: '热门赛事' })).findByRole('button', { name: '热门3' });
    fireEvent.click(button);
    expect(navigate).toHaveBeenCalledWith(`/search?name=${encodeURIComponent('热门3')}`, { newTab: true });
    expect(store.get(historyListAtom)).toEqual(['热门3']);
  });

  it('cuts a hot match name to the 10 characters the search accepts', async () => {
    const long = { id: 99, sport: 'basketball' as const, short_name_zh: '洛杉矶湖人对阵金州勇士常规赛' };
    const { input, navigate } = renderSearch({ answers: { get: { [HOT_PATH]: [long] } } });
    fireEvent.focus(input);
    fireEvent.click(await within(await screen.findByRole('region', { name: '热门赛事' })).findByRole('button', { name: long.short_name_zh }));
    expect(navigate).toHaveBeenCalledWith(`/search?name=${encodeURIComponent('洛杉矶湖人对阵金州勇')}`, { newTab: true });
  });

  it('shows no hot section when the list fails to load (history still shows)', async () => {
    const { input, get, store } = renderSearch({ answers: { get: { [HOT_PATH]: new Error('network down') } } });
    store.set(historyListAtom, ['湖人']);
    fireEvent.focus(input);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: '热门赛事' })).toBeNull();
    expect(historySection()).toBeTruthy();
  });

  it('closes the panel on Escape and on a click outside', () => {
    const { input, store } = renderSearch();
    store.set(historyListAtom, ['湖人']);
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: '搜索历史' })).toBeNull();
    fireEvent.focus(input);
    expect(historySection()).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('region', { name: '搜索历史' })).toBeNull();
  });

  it('stays open while clicking inside the panel', () => {
    const { input, store } = renderSearch();
    store.set(historyListAtom, ['湖人']);
    fireEvent.focus(input);
    fireEvent.mouseDown(historySection());
    expect(historySection()).toBeTruthy();
  });
});

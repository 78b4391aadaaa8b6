import './testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { HEADLINES_PATHS } from '../api/headlinesApi';
import { routes } from '../routes';
import { CATEGORIES, headline, headlinesContext } from './testing/headlinesFixtures';

const ids = () => screen.getAllByTestId('headline-card').map((card) => card.getAttribute('data-headline-id'));

describe('#/news', () => {
  it('shows 全部 and the categories as tabs, cards with cover, title link, summary, time and views, and pages by cursor', async () => {
    let failMore = true;
    const context = headlinesContext({
      [HEADLINES_PATHS.categories]: CATEGORIES,
      [HEADLINES_PATHS.list]: (params: unknown) => {
        const { cursor } = params as { cursor?: string };
        if (cursor === undefined) return { list: [headline({ id: 9, title: '第一篇' }), headline({ id: 8, cover: null })], next_cursor: '1700000000000_8' };
        if (failMore) return new ApiError(null, '');
        return { list: [headline({ id: 7 })], next_cursor: null };
      },
    });
    renderRemotePage(routes, 'news', {}, context);
    expect(await screen.findByRole('heading', { level: 1, name: '头条' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['全部', '足球', '篮球', '电竞', '综合']));
    await waitFor(() => expect(ids()).toEqual(['9', '8']));
    expect(context.callsTo(HEADLINES_PATHS.list)[0]?.params).toEqual({ page_size: 10 });

    const first = screen.getAllByTestId('headline-card')[0]!;
    expect(within(first).getByRole('link', { name: '第一篇' }).getAttribute('href')).toBe('#/detail?id=9');
    expect(within(first).getByText('曼城主场逆转。')).toBeTruthy();
    expect(within(first).getByTestId('headline-views').textContent).toBe('12 阅读');
    expect(within(first).getByText('2026/11/22 19:30')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/static/headline-covers/match-1.svg');
    expect(screen.getAllByTestId('headline-card')[1]!.querySelector('img')).toBeNull();

    fireEvent.click(screen.getByTestId('news-more'));
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败，请重试');
    failMore = false;
    fireEvent.click(screen.getByTestId('news-more'));
    await waitFor(() => expect(ids()).toEqual(['9', '8', '7']));
    expect(context.callsTo(HEADLINES_PATHS.list).at(-1)?.params).toEqual({ page_size: 10, cursor: '1700000000000_8' });
    expect(screen.queryByTestId('news-more')).toBeNull();
  });

  it('a category tab asks for that category only; an empty one says so', async () => {
    const context = headlinesContext({
      [HEADLINES_PATHS.categories]: CATEGORIES,
      [HEADLINES_PATHS.list]: (params: unknown) => ((params as { category?: string }).category === 'esports' ? { list: [], next_cursor: null } : { list: [headline()], next_cursor: null }),
    });
    renderRemotePage(routes, 'news', {}, context);
    fireEvent.click(await screen.findByTestId('news-tab-esports'));
    expect((await screen.findByTestId('news-empty')).textContent).toBe('这个分类还没有头条');
    expect(context.callsTo(HEADLINES_PATHS.list).at(-1)?.params).toEqual({ page_size: 10, category: 'esports' });
    expect(screen.getByTestId('news-tab-esports').getAttribute('aria-selected')).toBe('true');
  });

  it('?category= opens that category; a failed category list still reads 全部', async () => {
    const context = headlinesContext({ [HEADLINES_PATHS.categories]: new ApiError(null, ''), [HEADLINES_PATHS.list]: { list: [headline()], next_cursor: null } });
    renderRemotePage(routes, 'news', { category: 'basketball' }, context);
    expect(await screen.findByText('分类加载失败，仅可查看全部头条')).toBeTruthy();
    await waitFor(() => expect(context.callsTo(HEADLINES_PATHS.list)[0]?.params).toEqual({ page_size: 10, category: 'basketball' }));
  });

  it('renders titles and summaries as text, never HTML', async () => {
    const context = headlinesContext({
      [HEADLINES_PATHS.categories]: CATEGORIES,
      [HEADLINES_PATHS.list]: { list: [headline({ title: '<img src=x onerror=alert(1)>', summary: '<script>alert(1)</script>' })], next_cursor: null },
    });
    renderRemotePage(routes, 'news', {}, context);
    const card = await screen.findByTestId('headline-card');
    expect(within(card).getByRole('link').textContent).toBe('<img src=x onerror=alert(1)>');
    expect(card.querySelectorAll('script')).toHaveLength(0);
    expect(card.querySelectorAll('img')).toHaveLength(1);
  });

  it('a failed list offers 重试', async () => {
    let fail = true;
    const context = headlinesContext({ [HEADLINES_PATHS.categories]: CATEGORIES, [HEADLINES_PATHS.list]: () => (fail ? new ApiError(null, '') : { list: [headline()], next_cursor: null }) });
    renderRemotePage(routes, 'news', {}, context);
    expect((await screen.findByRole('alert')).textContent).toContain('头条加载失败');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('headline-card')).toBeTruthy();
  });
});

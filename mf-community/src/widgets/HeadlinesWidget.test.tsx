import '../headlines/testSetup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@sports/shared';
import { renderRemoteWidget } from '@sports/shared/testing';
import { HEADLINES_PATHS } from '../api/headlinesApi';
import { headlineEntry, headlinesContext, postEntry } from '../headlines/testing/headlinesFixtures';
import { widgets } from '../widgets';

describe('home headlines widget', () => {
  it('lists the portal feed: headlines link to their article, posts to their post page; 更多头条 leads to #/news', async () => {
    const context = headlinesContext({
      [HEADLINES_PATHS.portal]: { list: [headlineEntry({ id: 31, title: '编辑部新稿' }), postEntry(7, '今晚这场<b>稳了</b>'), headlineEntry({ id: 30, title: '旧稿', cover: null })] },
    });
    renderRemoteWidget(widgets, 'headlines', context);
    const items = await screen.findAllByTestId('headlines-widget-item');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['headline', 'post', 'headline']);
    expect(within(items[0]!).getByRole('link', { name: '编辑部新稿' }).getAttribute('href')).toBe('#/detail?id=31');
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('/static/headline-covers/match-1.svg');
    expect(within(items[1]!).getByRole('link', { name: '今晚这场<b>稳了</b>' }).getAttribute('href')).toBe('#/circle-detail?id=7');
    expect(items[1]!.querySelector('b')).toBeNull();
    expect(within(items[1]!).getByText('主播老李')).toBeTruthy();
    expect(items[2]!.querySelector('img')).toBeNull();
    expect(context.callsTo(HEADLINES_PATHS.portal)).toEqual([{ path: HEADLINES_PATHS.portal, params: { limit: 6 } }]);
    expect(screen.getByRole('link', { name: '更多头条' }).getAttribute('href')).toBe('#/news');
  });

  it('an empty feed says so', async () => {
    renderRemoteWidget(widgets, 'headlines', headlinesContext({ [HEADLINES_PATHS.portal]: { list: [] } }));
    expect(await screen.findByText('暂时没有头条')).toBeTruthy();
  });

  it('a failed feed says so and keeps the link to #/news', async () => {
    renderRemoteWidget(widgets, 'headlines', headlinesContext({ [HEADLINES_PATHS.portal]: new ApiError(null, '') }));
    expect(await screen.findByText('头条加载失败')).toBeTruthy();
    expect(screen.getByRole('link', { name: '更多头条' }).getAttribute('href')).toBe('#/news');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestContext, renderRemotePage, renderRemoteWidget } from '@sports/shared/testing';
import { routes } from './routes';
import { widgets } from './widgets';

describe('mf-community', () => {
  it('owns the community routes', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(
      ['base-basketball', 'base-football', 'circle', 'circle-detail', 'comment', 'detail', 'downLoad', 'news', 'search'].sort(),
    );
  });

  it('search page asks the server with the name from the address and lists what it found, kind by kind', async () => {
    const context = createTestContext({
      'api/Search/index': { matches: [], teams: [], competitions: [{ id: 1, sport: 'football', name_zh: '英格兰超级联赛', short_name_zh: '英超', link: '#/base-football?competition=1' }], anchors: [], lives: [], posts: [], headlines: [] },
    });
    renderRemotePage(routes, 'search', { name: '英超' }, context);
    expect(await screen.findByRole('heading', { name: '搜索：英超' })).toBeTruthy();
    expect((await screen.findByTestId('search-competitions')).textContent).toContain('英超');
    expect(context.calls).toEqual([{ path: 'api/Search/index', params: { name: '英超' } }]);
    expect(screen.getByText('没有找到相关主播')).toBeTruthy();
  });

  it('search page without a name asks only for the hot searches', async () => {
    const context = createTestContext({ 'api/Search/hot': { list: [] } });
    renderRemotePage(routes, 'search', {}, context);
    expect(await screen.findByText('在顶部搜索框输入赛事、球队或主播名称。')).toBeTruthy();
    expect(context.calls).toEqual([{ path: 'api/Search/hot', params: undefined }]);
  });

  it('search page shows no results when the call fails (the client already told the user why)', async () => {
    renderRemotePage(routes, 'search', { name: 'x' }, createTestContext({ 'api/Search/index': new Error('code 1') }));
    expect(await screen.findByTestId('search-failed')).toBeTruthy();
  });

  it('headlines widget leads to the headlines page', async () => {
    renderRemoteWidget(widgets, 'headlines');
    expect((await screen.findByRole('link', { name: '更多头条' })).getAttribute('href')).toBe('#/news');
  });
});

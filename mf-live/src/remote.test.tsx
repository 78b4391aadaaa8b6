import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemotePage, renderRemoteWidget } from '@sports/shared/testing';
import { routes } from './routes';
import { widgets } from './widgets';

describe('mf-live', () => {
  it('owns the live routes', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(['anchor', 'attention', 'clip', 'live', 'rank', 'reserve', 'score-live'].sort());
  });

  it('renders a titled page for each route', async () => {
    for (const route of routes) {
      const { unmount } = renderRemotePage(routes, route.path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      unmount();
    }
  });

  it('live recommend widget leads to the live list', async () => {
    renderRemoteWidget(widgets, 'liveRecommend');
    const more = await screen.findByRole('link', { name: '更多直播' });
    expect(more.getAttribute('href')).toBe('#/anchor?type=0');
  });
});

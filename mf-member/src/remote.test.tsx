import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemotePage } from '@sports/shared/testing';
import { routes } from './routes';
import { widgets } from './widgets';

describe('mf-member', () => {
  it('owns the member routes and exposes no widget yet', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(['about-user', 'member', 'persona']);
    expect(widgets).toEqual([]);
  });

  it.each([
    ['member', { type: '0' }, '个人中心'],
    ['persona', {}, '我的空间'],
    ['about-user', {}, '用户主页'],
  ] as const)('renders the real %s page, not "coming soon"', async (path, query, title) => {
    renderRemotePage(routes, path, query);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.querySelector(`[data-remote="mf-member"][data-page="${path}"]`)).toBeTruthy();
    expect(screen.queryByText(/coming soon|即将上线|敬请期待/i)).toBeNull();
  });
});

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

  it('renders the personal centre page', async () => {
    renderRemotePage(routes, 'member', { type: '0' });
    expect(await screen.findByRole('heading', { name: '个人中心' })).toBeTruthy();
  });
});

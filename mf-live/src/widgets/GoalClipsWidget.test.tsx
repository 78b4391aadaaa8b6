import '../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemoteWidget } from '@sports/shared/testing';
import { LIVE_PATHS } from '../api/liveApi';
import { clipFixture } from '../testing/clips';
import { liveContext } from '../testing/fixtures';
import { widgets } from '../widgets';

describe('home widget 进球集锦', () => {
  it('asks for the latest goal and penalty clips and links each thumbnail to its clip page', async () => {
    const clips = [clipFixture({ id: 1, title: "进球！曼城 2-1 阿森纳 67'" }), clipFixture({ id: 2, kind: 'penalty', title: "点球！利物浦 1-0 切尔西 12'", thumb_url: '/media/clips/2.jpg' })];
    const context = liveContext({ [LIVE_PATHS.clipList]: { list: clips, next_cursor: null } });
    renderRemoteWidget(widgets, 'goalClips', context);
    const list = await screen.findByRole('list', { name: '进球集锦' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    // Named by the title alone (the kind badge over the picture is hidden from screen readers).
    expect(within(list).getByRole('link', { name: "进球！曼城 2-1 阿森纳 67'" }).getAttribute('href')).toBe('#/clip?id=1');
    expect(within(list).getByRole('link', { name: "点球！利物浦 1-0 切尔西 12'" }).getAttribute('href')).toBe('#/clip?id=2');
    expect(links[1]?.textContent).toContain('点球回放');
    expect(links[1]?.querySelector('img')?.getAttribute('src')).toBe('/media/clips/2.jpg');
    expect(links[1]?.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('heading', { name: '进球集锦' })).toBeTruthy();
    expect(context.callsTo(LIVE_PATHS.clipList)[0]?.params).toEqual({ latest: 1, kinds: 'goal,penalty', limit: 8 });
  });

  it('is hidden when there are no clips', async () => {
    const context = liveContext({ [LIVE_PATHS.clipList]: { list: [], next_cursor: null } });
    const { container } = renderRemoteWidget(widgets, 'goalClips', context);
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.clipList)).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[data-testid="widget-goalClips"]')).toBeNull());
    expect(screen.queryByText('进球集锦')).toBeNull();
  });

  it('is hidden when the list cannot be loaded', async () => {
    const context = liveContext({ [LIVE_PATHS.clipList]: new Error('offline') });
    renderRemoteWidget(widgets, 'goalClips', context);
    await waitFor(() => expect(screen.queryByText('进球集锦')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});

import '../testing/setup';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@sports/shared';
import { LIVE_PATHS } from '../api/liveApi';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { ActivityBanner, currentActivity } from './ActivityBanner';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

function activity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 1,
    title: '世界杯竞猜',
    image: '/uploads/0123456789abcdef0123456789abcdef.png',
    link: '/web/#/trophy/home',
    target: '_self',
    starts_at: '2026-11-22T00:00:00.000Z',
    ends_at: '2026-11-23T00:00:00.000Z',
    ...overrides,
  };
}

function renderBanner(answer: unknown) {
  const context = liveContext({ [LIVE_PATHS.activities]: answer });
  renderInRemote(context, <ActivityBanner context={context} />);
  return context;
}

afterEach(() => void vi.useRealTimers());

describe('activity banner', () => {
  it('shows the first active banner: a lazy image named by its title, linking in the same window', async () => {
    const context = renderBanner([activity(), activity({ id: 2, title: '第二个' })]);
    const banner = await screen.findByTestId('activity-banner');
    expect(context.callsTo(LIVE_PATHS.activities)).toHaveLength(1);
    expect(banner.getAttribute('aria-label')).toBe('活动');
    const link = screen.getByRole('link', { name: '世界杯竞猜' });
    expect(link.getAttribute('href')).toBe('/web/#/trophy/home');
    expect(link.getAttribute('target')).toBe('_self');
    expect(link.getAttribute('rel')).toBeNull();
    const image = screen.getByRole('img', { name: '世界杯竞猜' });
    expect(image.getAttribute('src')).toBe('/uploads/0123456789abcdef0123456789abcdef.png');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByText('第二个')).toBeNull();
    expect(screen.getAllByTestId('activity-banner')).toHaveLength(1);
  });

  it('a _blank banner opens a new window with rel="noopener"', async () => {
    renderBanner([activity({ link: 'https://promo.example.com/cup', target: '_blank' })]);
    const link = await screen.findByRole('link', { name: '世界杯竞猜' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(link.getAttribute('title')).toBe('世界杯竞猜（在新窗口打开）');
  });

  it('nothing when no banner is active', async () => {
    const context = renderBanner([]);
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.activities)).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('activity-banner')).toBeNull();
  });

  it('nothing when the call fails', async () => {
    const context = renderBanner(new Error('network'));
    await waitFor(() => expect(context.callsTo(LIVE_PATHS.activities)).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('activity-banner')).toBeNull();
  });

  it('when the shown banner ends, asks the server again and shows what it answers (not sooner than a minute)', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let answer: Activity[] = [activity({ ends_at: '2026-11-22T12:05:00.000Z' }), activity({ id: 2, title: '第二个' })];
    const context = renderBanner(() => answer);
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(screen.getByRole('img', { name: '世界杯竞猜' })).toBeTruthy();

    answer = [activity({ id: 2, title: '第二个', ends_at: '2026-11-22T12:05:30.000Z' })];
    await act(async () => void (await vi.advanceTimersByTimeAsync(5 * 60_000 - 1)));
    expect(context.callsTo(LIVE_PATHS.activities)).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(context.callsTo(LIVE_PATHS.activities)).toHaveLength(2);
    expect(screen.getByRole('img', { name: '第二个' })).toBeTruthy();

    // Its end is 30 s away: the next question waits the minute.
    answer = [];
    await act(async () => void (await vi.advanceTimersByTimeAsync(59_999)));
    expect(context.callsTo(LIVE_PATHS.activities)).toHaveLength(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(context.callsTo(LIVE_PATHS.activities)).toHaveLength(3);
    expect(screen.queryByTestId('activity-banner')).toBeNull();
  });

  it('trusts the server on what is active (the page clock may be off) and skips unsafe addresses', () => {
    expect(currentActivity([activity({ starts_at: '2030-01-01T00:00:00.000Z', ends_at: '2030-01-02T00:00:00.000Z' })])?.id).toBe(1);
    expect(currentActivity([activity({ link: 'javascript:alert(1)' }), activity({ id: 2 })])?.id).toBe(2);
    expect(currentActivity([activity({ link: '//evil.example.com' })])).toBeNull();
    expect(currentActivity([activity({ image: 'http://plain.example.com/a.png' })])).toBeNull();
    expect(currentActivity([activity({ link: 'https://promo.example.com/a', image: 'https://cdn.example.com/a.png' })])?.id).toBe(1);
    expect(currentActivity([])).toBeNull();
  });
});

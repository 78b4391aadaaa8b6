import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@sports/shared';
import type { RemoteModuleLoader } from '../federation/remoteModuleLoader';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { RemoteLoaderContext } from '../remotes/RemoteLoaderContext';
import { TEST_ASSIGNMENTS } from '../routes/testing/siteRoutesFixture';
import { ActivityStrip, REASK_MIN_MS } from './ActivityStrip';
import { HomePage } from './HomePage';

function banner(id: number, overrides: Partial<Activity> = {}): Activity {
  return {
    id,
    title: `活动${id}`,
    image: `https://img.example.test/${id}.png`,
    link: '/web/#/anchor',
    target: '_self',
    starts_at: '2000-01-01T00:00:00.000Z',
    ends_at: '2999-01-01T00:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => vi.useRealTimers());

describe('the activity banners on the home page', () => {
  it('shows every active banner as a lazy image linking with its target; _blank gets rel=noopener', async () => {
    const answers = { get: { 'api/Activity_Config/getActivityUrl': [banner(1, { target: '_blank', link: 'https://promo.example.test/x' }), banner(2, { image: '/uploads/0a1b.png' })] } };
    const { get } = renderWithHost(<ActivityStrip />, { answers });
    const strip = await screen.findByRole('region', { name: '活动' });
    expect(get).toHaveBeenCalledWith('api/Activity_Config/getActivityUrl');
    const links = within(strip).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://promo.example.test/x', '/web/#/anchor']);
    expect(links.map((link) => [link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      ['_blank', 'noopener'],
      ['_self', null],
    ]);
    expect(screen.getByTestId('home-activity-1').getAttribute('title')).toBe('活动1（在新标签页打开）');
    const images = within(strip).getAllByRole('img');
    expect(images.map((image) => [image.getAttribute('alt'), image.getAttribute('src'), image.getAttribute('loading')])).toEqual([
      ['活动1', 'https://img.example.test/1.png', 'lazy'],
      ['活动2', '/uploads/0a1b.png', 'lazy'],
    ]);
  });

  it('nothing when none is active, when the call fails, or for an unsafe address', async () => {
    const empty = renderWithHost(<ActivityStrip />, { answers: { get: { 'api/Activity_Config/getActivityUrl': [] } } });
    await act(async () => undefined);
    expect(empty.container.innerHTML).toBe('');
    empty.unmount();

    const failed = renderWithHost(<ActivityStrip />, { answers: { get: { 'api/Activity_Config/getActivityUrl': new Error('network') } } });
    await act(async () => undefined);
    expect(failed.container.innerHTML).toBe('');
    failed.unmount();

    const unsafe = renderWithHost(<ActivityStrip />, { answers: { get: { 'api/Activity_Config/getActivityUrl': [banner(3, { link: 'javascript:alert(1)' }), banner(4, { image: 'http://x.test/a.png' })] } } });
    await act(async () => undefined);
    expect(unsafe.container.innerHTML).toBe('');
  });

  it('asks again when a shown banner ends (never sooner than a minute)', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z') });
    const ending = banner(5, { ends_at: '2030-01-01T00:05:00.000Z' });
    const answer = vi.fn<() => Activity[]>().mockReturnValueOnce([ending]).mockReturnValue([]);
    const { get } = renderWithHost(<ActivityStrip />, { answers: { get: { 'api/Activity_Config/getActivityUrl': answer } } });
    await act(async () => undefined);
    expect(screen.getByTestId('home-activity-5')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    });
    expect(get).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('home-activities')).toBeNull();
    expect(REASK_MIN_MS).toBe(60_000);
  });

  it('sits at the top of the home page, before the remote widgets, and stays when the remotes fail', async () => {
    const failing = { load: vi.fn(async () => Promise.reject(new Error('remote down'))), retry: vi.fn(async () => undefined), versionOf: () => null };
    renderWithHost(
      <RemoteLoaderContext.Provider value={failing as unknown as RemoteModuleLoader}>
        <HomePage />
      </RemoteLoaderContext.Provider>,
      { answers: { get: { 'api/Activity_Config/getActivityUrl': [banner(1)], 'api/mf/remotes': { remotes: TEST_ASSIGNMENTS } } } },
    );
    const strip = await screen.findByTestId('home-activities');
    const home = screen.getByRole('region', { name: '首页推荐' });
    expect(home.firstElementChild).toBe(strip);
    await act(async () => undefined);
    expect(failing.load).toHaveBeenCalled();
    expect(screen.getAllByTestId('remote-fallback')).toHaveLength(3);
    expect(screen.getByTestId('home-activity-1')).toBeTruthy();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { DevOverrideBanner } from './DevOverrideBanner';
import { DevOverrideBannerSlot } from './DevOverrideBannerSlot';

const devCommunity = { name: 'mf_community', version: 'dev', manifestUrl: 'http://127.0.0.1:41234/mf-manifest.json', channel: 'dev', routes: [], widgets: [] };
const stableLive = { name: 'mf_live', version: '0.1.0-aaaaaaaaaa', manifestUrl: '/web/releases/mf-live/0.1.0-aaaaaaaaaa/mf-manifest.json', channel: 'stable', routes: [], widgets: [] };

describe('DevOverrideBanner', () => {
  it('names the local remote and its dev server, and 退出 leaves the override on the same route', async () => {
    const exit = vi.fn();
    const view = renderWithHost(<DevOverrideBanner exit={exit} />, { path: '/news', answers: { get: { 'api/mf/remotes': { remotes: [stableLive, devCommunity] } } } });
    await act(() => view.assignments.ensureLoaded());
    expect(screen.getByTestId('dev-override-banner').textContent).toContain('主机/远程 dev override：正在使用本地 mf-community（http://127.0.0.1:41234）');
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    expect(exit).toHaveBeenCalledWith(`${window.location.pathname}?mf_dev=#/news`);
  });

  it('shows nothing on an ordinary page', async () => {
    const view = renderWithHost(<DevOverrideBanner exit={vi.fn()} />, { answers: { get: { 'api/mf/remotes': { remotes: [stableLive] } } } });
    await act(() => view.assignments.ensureLoaded());
    expect(screen.queryByTestId('dev-override-banner')).toBeNull();
  });

  it("App's slot fetches the banner only under a dev override, then shows it", async () => {
    const ordinary = renderWithHost(<DevOverrideBannerSlot />, { answers: { get: { 'api/mf/remotes': { remotes: [stableLive] } } } });
    await act(() => ordinary.assignments.ensureLoaded());
    expect(screen.queryByTestId('dev-override-banner')).toBeNull();
    ordinary.unmount();
    const dev = renderWithHost(<DevOverrideBannerSlot />, { answers: { get: { 'api/mf/remotes': { remotes: [stableLive, devCommunity] } } } });
    await act(() => dev.assignments.ensureLoaded());
    expect((await screen.findByTestId('dev-override-banner')).textContent).toContain('mf-community');
  });
});

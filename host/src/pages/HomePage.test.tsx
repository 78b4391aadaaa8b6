import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteName, RemoteWidgetsModule } from '@sports/shared';
import type { RemoteModuleLoader } from '../federation/remoteModuleLoader';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { TEST_ASSIGNMENTS, testAssignment } from '../routes/testing/siteRoutesFixture';
import { HomePage } from './HomePage';

/** A loader whose remotes answer widgets that say who they are; `held` remotes never arrive. */
function widgetLoader(held: RemoteName[] = []) {
  const load = vi.fn(async (remote: RemoteName, _exposed: string) => {
    if (held.includes(remote)) return new Promise<never>(() => undefined);
    const ids = TEST_ASSIGNMENTS.find((assignment) => assignment.name === remote)?.widgets.map((widget) => widget.id) ?? [];
    const module: RemoteWidgetsModule = {
      widgets: ids.map((id) => ({ id, load: async () => ({ default: () => <p data-testid={`widget-${id}`}>{`${remote}/${id}`}</p> }) })),
    };
    return module;
  });
  const loader = { load, retry: vi.fn(async () => undefined), versionOf: () => '0.1.0-test' };
  return { loader: loader as unknown as RemoteModuleLoader, load };
}

const ACTIVITIES = { 'api/Activity_Config/getActivityUrl': [] };

function areas(): string[] {
  return within(screen.getByTestId('home-widgets'))
    .getAllByTestId(/^remote-area-/)
    .map((area) => area.dataset.testid ?? '');
}

describe('HomePage', () => {
  it("composes the releases' home widgets in their order, each through its remote", async () => {
    const { loader, load } = widgetLoader();
    renderWithHost(<HomePage />, { loader, answers: { get: { ...ACTIVITIES, 'api/mf/remotes': { remotes: TEST_ASSIGNMENTS } } } });
    expect(await screen.findByTestId('widget-headlines')).toBeTruthy();
    expect(areas()).toEqual(['remote-area-mf_scores', 'remote-area-mf_live', 'remote-area-mf_community']);
    expect(screen.getAllByTestId(/^widget-/).map((widget) => widget.textContent)).toEqual(['mf_scores/hotMatches', 'mf_live/liveRecommend', 'mf_community/headlines']);
    expect(load.mock.calls.map(([remote, exposed]) => `${remote}/${exposed}`).sort()).toEqual(['mf_community/widgets', 'mf_live/widgets', 'mf_scores/widgets']);
  });

  it('follows the order the releases declare, and has no widget of a remote not assigned', async () => {
    const { loader } = widgetLoader();
    const remotes = [testAssignment('mf_community', { widgets: [{ id: 'headlines', slot: 'home', order: 5 }] }), testAssignment('mf_scores')];
    renderWithHost(<HomePage />, { loader, answers: { get: { ...ACTIVITIES, 'api/mf/remotes': { remotes } } } });
    expect(await screen.findByTestId('widget-hotMatches')).toBeTruthy();
    expect(areas()).toEqual(['remote-area-mf_community', 'remote-area-mf_scores']);
  });

  it('does not wait for every remote: a slow one loads in its own area while the others show', async () => {
    const { loader } = widgetLoader(['mf_live']);
    renderWithHost(<HomePage />, { loader, answers: { get: { ...ACTIVITIES, 'api/mf/remotes': { remotes: TEST_ASSIGNMENTS } } } });
    expect(await screen.findByTestId('widget-hotMatches')).toBeTruthy();
    expect(await screen.findByTestId('widget-headlines')).toBeTruthy();
    expect(within(screen.getByTestId('remote-area-mf_live')).getByRole('status').textContent).toBe('加载中…');
  });

  it("marks a row's area wide (data-wide) and keeps its room while it loads, before its code arrives", async () => {
    const { loader } = widgetLoader(['mf_live']);
    const remotes = [
      testAssignment('mf_scores'),
      testAssignment('mf_live', { widgets: [{ id: 'forYou', slot: 'home', order: 15, phoneHeight: 300, wide: true }, { id: 'liveRecommend', slot: 'home', order: 20 }] }),
    ];
    renderWithHost(<HomePage />, { loader, answers: { get: { ...ACTIVITIES, 'api/mf/remotes': { remotes } } } });
    expect(await screen.findByTestId('widget-hotMatches')).toBeTruthy();
    const [forYou, liveRecommend] = within(screen.getByTestId('home-widgets')).getAllByTestId('remote-area-mf_live');
    expect(forYou?.hasAttribute('data-wide')).toBe(true);
    expect(forYou?.style.getPropertyValue('--widget-phone-height')).toBe('300px');
    expect(within(forYou as HTMLElement).getByRole('status').textContent).toBe('加载中…');
    expect(liveRecommend?.hasAttribute('data-wide')).toBe(false);
  });

  it('shows loading in place of the widgets while the assignments are asked', async () => {
    const { loader, load } = widgetLoader();
    renderWithHost(<HomePage />, { loader, answers: { get: { ...ACTIVITIES, 'api/mf/remotes': () => new Promise(() => undefined) } } });
    await act(async () => undefined);
    expect(within(screen.getByRole('region', { name: '首页推荐' })).getByRole('status').textContent).toBe('加载中…');
    expect(screen.queryByTestId('home-widgets')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows a retry in place of the widgets when the control plane cannot be reached, and the widgets after it', async () => {
    const { loader } = widgetLoader();
    const answer = vi.fn().mockRejectedValueOnce(new Error('Network Error')).mockResolvedValue({ remotes: TEST_ASSIGNMENTS });
    renderWithHost(<HomePage />, { loader, answers: { get: { ...ACTIVITIES, 'api/mf/remotes': answer } } });
    const failure = await screen.findByTestId('assignments-unavailable');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toContain('页面信息暂时无法获取');
    fireEvent.click(within(failure).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('widget-headlines')).toBeTruthy();
    expect(screen.queryByTestId('assignments-unavailable')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAtomValue } from 'jotai';
import { useMemberOnly, userInfoAtom, type RemoteName, type RemotePageProps, type RemoteRoutesModule } from '@sports/shared';
import { FakeCaptchaWidget } from '../account/testing/FakeCaptchaWidget';
import { CaptchaWidgetContext } from '../account/captchaWidget';
import { LoginModal } from '../account/LoginModal';
import { FeedbackHost } from '../feedback/FeedbackHost';
import type { RemoteModuleLoader } from '../federation/remoteModuleLoader';
import { renderWithHost, TEST_USER, type HostTestOptions } from '../layout/testing/renderWithHost';
import { TEST_ASSIGNMENTS, testAssignment } from '../routes/testing/siteRoutesFixture';
import { SiteRouter } from './SiteRouter';

/** A remote's page that asks a guest to log in when it mounts, as mf-member's pages do. */
function MembersOnlyPage({ context, location }: RemotePageProps) {
  const user = useMemberOnly(context);
  return <p data-testid="remote-page">{`${location.path}:${user ? 'member' : 'guest'}`}</p>;
}

/** A remote's page open to everyone. */
function OpenPage({ location }: RemotePageProps) {
  const user = useAtomValue(userInfoAtom);
  return <p data-testid="remote-page">{`${location.path}:${user ? 'member' : 'guest'}`}</p>;
}

/**
 * Stands in for the Module Federation loader: a remote's routes render MembersOnlyPage where
 * the manifest says requiresLogin, else OpenPage, once `arrival` resolves (by default at once; a promise that never resolves holds the remote's
 * code back, to see the shell before it).
 */
function routesLoader(arrival: Promise<void> = Promise.resolve()) {
  const load = vi.fn(async (remote: RemoteName, _exposed: string): Promise<RemoteRoutesModule> => {
    await arrival;
    const routes = TEST_ASSIGNMENTS.find((assignment) => assignment.name === remote)?.routes ?? [];
    return { routes: routes.map(({ path, requiresLogin }) => ({ path, load: async () => ({ default: requiresLogin ? MembersOnlyPage : OpenPage }) })) };
  });
  const loader = { load, retry: vi.fn(async () => undefined), versionOf: () => '0.1.0-test' };
  return { loader: loader as unknown as RemoteModuleLoader, load };
}

const never = () => new Promise(() => undefined);

function renderSite(path: string, remotesAnswer: unknown, options: HostTestOptions & { held?: boolean; arrival?: Promise<void> } = {}) {
  const { loader, load } = routesLoader(options.held ? new Promise<void>(() => undefined) : options.arrival);
  const rendered = renderWithHost(
    <CaptchaWidgetContext.Provider value={FakeCaptchaWidget}>
      <SiteRouter />
      <FeedbackHost />
      <LoginModal />
    </CaptchaWidgetContext.Provider>,
    { ...options, path, loader, answers: { get: { 'api/Activity_Config/getActivityUrl': [], 'api/mf/remotes': remotesAnswer } } },
  );
  return { ...rendered, load };
}

function highlightedNavIndexes(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('header [data-nav-index][aria-current="page"]')).map((item) => item.dataset.navIndex ?? '');
}

afterEach(() => vi.restoreAllMocks());

describe('the site router', () => {
  describe('while the assignments are asked', () => {
    it("keeps a remote's deep link: the shell with a loading state, no redirect to /404", async () => {
      const { load } = renderSite('/football', never);
      await act(async () => undefined);
      expect(screen.getByTestId('site-routes-loading')).toBeTruthy();
      expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('加载中…');
      expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: '页面不存在' })).toBeNull();
      expect(window.location.hash).toBe('#/football');
      expect(document.title).toBe('加载中');
      expect(load).not.toHaveBeenCalled();
    });

    it("renders the host's own routes at once", async () => {
      renderSite('/dome', never);
      await act(async () => undefined);
      expect(screen.getByRole('heading', { name: '测试页' })).toBeTruthy();
      expect(document.title).toBe('测试页');
    });

    it('sends the root to #/main', async () => {
      renderSite('/', never);
      await act(async () => undefined);
      expect(window.location.hash).toBe('#/main');
      expect(screen.getByRole('region', { name: '首页推荐' })).toBeTruthy();
    });

    it("shows the route once the answer arrives", async () => {
      let answer: (value: unknown) => void = () => undefined;
      renderSite('/news', () => new Promise((resolve) => (answer = resolve)), { held: true });
      await act(async () => undefined);
      expect(screen.getByTestId('site-routes-loading')).toBeTruthy();
      await act(async () => answer({ remotes: TEST_ASSIGNMENTS }));
      expect(document.title).toBe('头条');
      expect(screen.queryByTestId('site-routes-loading')).toBeNull();
      expect(highlightedNavIndexes()).toEqual(['4']);
    });
  });

  describe('once the assignments are in', () => {
    it('sends an address no release claims to /404', async () => {
      renderSite('/no-such-page', { remotes: TEST_ASSIGNMENTS });
      expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
      expect(window.location.hash).toBe('#/404');
      // The title follows the page in an effect.
      await waitFor(() => expect(document.title).toBe('页面不存在'));
    });

    it("lays out a remote's route from its manifest before the remote's code arrives", async () => {
      const { load } = renderSite('/anchor?type=1', { remotes: TEST_ASSIGNMENTS }, { held: true });
      await waitFor(() => expect(document.title).toBe('直播'));
      expect(highlightedNavIndexes()).toEqual(['2']);
      expect(screen.getByRole('complementary', { name: '侧边菜单' })).toBeTruthy();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('加载中…');
      expect(load).toHaveBeenCalledWith('mf_live', 'routes');
      expect(window.location.hash).toBe('#/anchor?type=1');
    });

    it("renders the owner's page once its code arrives, with the footer where the manifest has no left menu", async () => {
      renderSite('/trophy/home', { remotes: TEST_ASSIGNMENTS }, { userInfo: TEST_USER });
      expect((await screen.findByTestId('remote-page')).textContent).toBe('trophy/home:member');
      expect(document.title).toBe('世界杯');
      expect(screen.getByRole('contentinfo')).toBeTruthy();
    });

    it("a canary's route is there for its visitors, and goes to /404 on the next page load after a rollback", async () => {
      const canary = testAssignment('mf_scores', {
        channel: 'candidate',
        routes: [...testAssignment('mf_scores').routes, { path: 'worldcup', title: '世界杯专题', navIndex: null }],
      });
      const first = renderSite('/worldcup', { remotes: [canary] }, { held: true });
      await waitFor(() => expect(document.title).toBe('世界杯专题'));
      first.unmount();

      renderSite('/worldcup', { remotes: [testAssignment('mf_scores')] }, { held: true });
      expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
      expect(window.location.hash).toBe('#/404');
    });

    it("gives a path two releases claim to one owner and warns once", async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const clash = testAssignment('mf_community', { routes: [{ path: 'anchor', title: '主播专栏', navIndex: 4 }] });
      renderSite('/anchor', { remotes: [clash, testAssignment('mf_live')] }, { held: true });
      await waitFor(() => expect(document.title).toBe('直播'));
      expect(warn).toHaveBeenCalledTimes(1);
    });
  });

  describe('when the control plane cannot be reached', () => {
    function failingOnce() {
      return vi.fn().mockRejectedValueOnce(new Error('Network Error')).mockResolvedValue({ remotes: TEST_ASSIGNMENTS });
    }

    it("shows a contained error with retry instead of /404; the retry brings the route", async () => {
      renderSite('/football', failingOnce(), { held: true });
      const failure = await screen.findByTestId('assignments-unavailable');
      expect(failure.getAttribute('role')).toBe('alert');
      expect(within(screen.getByRole('main')).getByTestId('assignments-unavailable')).toBe(failure);
      expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
      expect(window.location.hash).toBe('#/football');
      expect(screen.queryByRole('heading', { name: '页面不存在' })).toBeNull();
      fireEvent.click(within(failure).getByRole('button', { name: '重试' }));
      await waitFor(() => expect(document.title).toBe('足球'));
      expect(highlightedNavIndexes()).toEqual(['1']);
      expect(screen.queryByTestId('assignments-unavailable')).toBeNull();
    });

    it("keeps the host's own routes working", async () => {
      renderSite('/main', failingOnce());
      const home = await screen.findByRole('region', { name: '首页推荐' });
      expect(await within(home).findByTestId('assignments-unavailable')).toBeTruthy();
      expect(document.title).toBe('首页');
      expect(highlightedNavIndexes()).toEqual(['0']);
    });
  });

  describe('#/login', () => {
    it('opens the login modal over the home page for a guest', async () => {
      renderSite('/login', { remotes: TEST_ASSIGNMENTS }, { held: true });
      expect(await screen.findByRole('dialog', { name: '密码登录' })).toBeTruthy();
      expect(window.location.hash).toBe('#/login');
    });

    it('sends a logged-in member home, no modal (issue 33)', async () => {
      renderSite('/login', { remotes: TEST_ASSIGNMENTS }, { userInfo: TEST_USER, held: true });
      await waitFor(() => expect(window.location.hash).toBe('#/main'));
      expect(await screen.findByRole('region', { name: '首页推荐' })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  describe('a route that requires login', () => {
    function loginWarnings(): HTMLElement[] {
      return screen.queryAllByTestId('toast').filter((toast) => toast.textContent === '请登录后操作');
    }

    it("asks a guest to log in on arrival, before the remote's code, once", async () => {
      renderSite('/member?type=0', { remotes: TEST_ASSIGNMENTS }, { held: true });
      expect(await screen.findByRole('dialog', { name: '密码登录' })).toBeTruthy();
      expect(loginWarnings()).toHaveLength(1);
      expect(document.title).toBe('个人中心');
    });

    it("adds no second toast when the remote's page asks too, and keeps what the guest typed", async () => {
      let arrive: () => void = () => undefined;
      renderSite('/persona', { remotes: TEST_ASSIGNMENTS }, { arrival: new Promise<void>((resolve) => (arrive = resolve)) });
      await screen.findByRole('dialog', { name: '密码登录' });
      fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } });
      await act(async () => arrive());
      expect((await screen.findByTestId('remote-page')).textContent).toBe('persona:guest');
      expect(loginWarnings()).toHaveLength(1);
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800138000');
    });

    it('lets a member through silently', async () => {
      renderSite('/member', { remotes: TEST_ASSIGNMENTS }, { userInfo: TEST_USER });
      expect((await screen.findByTestId('remote-page')).textContent).toBe('member:member');
      expect(loginWarnings()).toHaveLength(0);
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('asks no guest on a route that does not require login', async () => {
      renderSite('/rank', { remotes: TEST_ASSIGNMENTS });
      expect((await screen.findByTestId('remote-page')).textContent).toBe('rank:guest');
      expect(loginWarnings()).toHaveLength(0);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});

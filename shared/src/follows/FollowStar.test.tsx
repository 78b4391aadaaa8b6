import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/apiError';
import type { ApiClient } from '../api/createApiClient';
import type { RemoteContext } from '../contract/remoteContract';
import type { ToastEvent } from '../events/eventBus';
import { RemoteRoot } from '../remoteKit/RemoteRoot';
import { userInfoAtom } from '../store/persistedAtoms';
import { createTestContext } from '../testing/renderRemote';
import { FollowStar } from './FollowStar';
import { useFollows } from './useFollows';

afterEach(cleanup);

const MEMBER = { id: 7, user_nickname: '球迷', avatar: '', exp: 0, balance: 0, is_anchor: 0 as const };

/** Two stars of one team (a list and a header) and one of a league, sharing the page's follows. */
function Stars({ context }: { context: RemoteContext }) {
  const follows = useFollows(context);
  return (
    <>
      <FollowStar follows={follows} type="team" id={12} name="曼联" />
      <span data-testid="second">
        <FollowStar follows={follows} type="team" id={12} name="曼联" />
      </span>
      <FollowStar follows={follows} type="league" id={3} name="英超" />
    </>
  );
}

/** A context whose follow call answers as `answer` says (resolve or reject), recording the calls. */
function memberContext(ids: object, answer: (path: string, body: unknown) => Promise<unknown>) {
  const context = createTestContext({ 'api/Follow/ids': ids });
  const posts: { path: string; body: unknown }[] = [];
  context.api = { ...context.api, post: (path: string, body: unknown) => (posts.push({ path, body }), answer(path, body)) } as ApiClient;
  context.store.set(userInfoAtom, MEMBER);
  const toasts: ToastEvent[] = [];
  context.eventBus.on('toast', (toast) => toasts.push(toast));
  return { context, posts, toasts };
}

function renderStars(context: RemoteContext) {
  return render(
    <RemoteRoot context={context}>
      <Stars context={context} />
    </RemoteRoot>,
  );
}

describe('FollowStar', () => {
  it('shows the loaded follows as pressed buttons named 取消关注 <name>, others 关注 <name>', async () => {
    const { context } = memberContext({ team: [], league: [3], player: [], anchor: [] }, async () => ({}));
    renderStars(context);
    expect(await screen.findByRole('button', { name: '取消关注 英超', pressed: true })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '关注 曼联', pressed: false })).toHaveLength(2);
    expect(context.calls.filter((call) => call.path === 'api/Follow/ids')).toHaveLength(1);
  });

  it('a press follows at once, every star of that team with it, and the server is told; a second press unfollows', async () => {
    const { context, posts, toasts } = memberContext({ team: [], league: [], player: [], anchor: [] }, async (_path, body) => ({ ...(body as object), following: true }));
    renderStars(context);
    await waitFor(() => expect(context.calls.length).toBe(1));
    const [first] = await screen.findAllByRole('button', { name: '关注 曼联' });
    await act(async () => {
      fireEvent.click(first as HTMLElement);
    });
    expect(screen.getAllByRole('button', { name: '取消关注 曼联', pressed: true })).toHaveLength(2);
    expect(posts).toEqual([{ path: 'api/Follow/team', body: { id: 12, follow: true } }]);
    await waitFor(() => expect(toasts.map((toast) => toast.message)).toContain('已关注 曼联'));
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: '取消关注 曼联' })[1] as HTMLElement);
    });
    expect(posts[1]).toEqual({ path: 'api/Follow/team', body: { id: 12, follow: false } });
    expect(screen.getAllByRole('button', { name: '关注 曼联', pressed: false })).toHaveLength(2);
  });

  it('a refused follow is undone; "already followed" (another tab) keeps the star pressed; no answer says so', async () => {
    let refusal: Error = new ApiError(1, '最多关注 500 个球队，请先取消部分关注', null, 'FOLLOW_TOO_MANY');
    const { context, toasts } = memberContext({ team: [], league: [], player: [], anchor: [] }, async () => {
      throw refusal;
    });
    renderStars(context);
    await waitFor(() => expect(context.calls.length).toBe(1));
    const press = async () => {
      await act(async () => {
        fireEvent.click(screen.getAllByRole('button', { name: /曼联/ })[0] as HTMLElement);
      });
    };
    await press();
    await waitFor(() => expect(screen.getAllByRole('button', { name: '关注 曼联', pressed: false })).toHaveLength(2));
    // The API client toasts an answered refusal itself: the star adds none.
    expect(toasts).toEqual([]);

    refusal = new ApiError(null, '');
    await press();
    await waitFor(() => expect(toasts.map((toast) => toast.message)).toEqual(['操作失败，请检查网络后重试']));
    expect(screen.getAllByRole('button', { name: '关注 曼联', pressed: false })).toHaveLength(2);

    refusal = new ApiError(1, '你已关注该球队', null, 'FOLLOW_ALREADY');
    await press();
    await waitFor(() => expect(screen.getAllByRole('button', { name: '取消关注 曼联', pressed: true })).toHaveLength(2));
  });

  it('a guest\'s press (mouse or keyboard) asks to log in and opens the login modal; nothing is sent', async () => {
    const context = createTestContext({});
    const opened: unknown[] = [];
    const toasts: ToastEvent[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    context.eventBus.on('toast', (toast) => toasts.push(toast));
    renderStars(context);
    const star = screen.getAllByRole('button', { name: '关注 曼联', pressed: false })[0] as HTMLButtonElement;
    expect(star.type).toBe('button');
    star.focus();
    expect(document.activeElement).toBe(star);
    fireEvent.click(star);
    expect(opened).toHaveLength(1);
    expect(toasts[0]?.message).toBe('请登录后操作');
    expect(context.calls).toEqual([]);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAtom, type UpdateInfoRequest } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { routes } from '../routes';
import { ANCHOR, logIn, MEMBER, memberContext, pageOf, profileOf, refused, roomCard } from '../testing/fixtures';

const AVATARS = [
  { id: 1, url: '/static/avatars/avatar-1.svg' },
  { id: 2, url: '/static/avatars/avatar-2.svg' },
];

function profileContext(extra: Record<string, unknown> = {}) {
  const context = memberContext({
    [MEMBER_PATHS.profile]: profileOf(MEMBER, { exp: 150 }),
    [MEMBER_PATHS.avatarList]: AVATARS,
    [MEMBER_PATHS.updateInfo]: (body: unknown) => profileOf(MEMBER, body as UpdateInfoRequest),
    [MEMBER_PATHS.verifiedInfo]: { is_verified: 1, name: '张*', id_number: '1****************X', verified_at: '2026-11-20T08:00:00.000Z' },
    [MEMBER_PATHS.inviteList]: pageOf([{ user_id: 77, user_nickname: '好友阿强', avatar: '', level: 3, joined_at: '2026-11-21T10:30:00.000Z' }]),
    ...extra,
  });
  logIn(context, MEMBER);
  return context;
}

describe('member?type=0 personal centre', () => {
  it('a visitor is asked to log in', async () => {
    const context = memberContext({});
    const opened: unknown[] = [];
    context.eventBus.on('login:open', (event) => opened.push(event));
    renderRemotePage(routes, 'member', { type: '0' }, context);
    expect(await screen.findByText('登录后查看')).toBeTruthy();
    // The page's effect asks (React runs a transition's effects just after it shows).
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(context.calls).toEqual([]);
  });

  it("a profile answer without data: 'Verification failed, please Login again.' and the saved user is forgotten (SPEC.md section 5)", async () => {
    const context = profileContext({ [MEMBER_PATHS.profile]: null });
    const toasts: unknown[] = [];
    context.eventBus.on('toast', (toast) => toasts.push(toast));
    renderRemotePage(routes, 'member', { type: '0' }, context);
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Verification failed, please Login again.', durationMs: 5_000 }]));
    expect(context.store.get(userInfoAtom)).toBeNull();
    expect(screen.queryByTestId('profile-nickname')).toBeNull();
  });

  it('shows the real-name state, the invite code and who registered with it', async () => {
    const context = profileContext();
    renderRemotePage(routes, 'member', { type: '0' }, context);
    expect((await screen.findByTestId('real-name-state')).textContent).toBe('已认证（张*）');
    expect(screen.getByTestId('invite-code').textContent).toBe('ABC123');
    expect((await screen.findByTestId('invitee-count')).textContent).toBe('已邀请 1 人');
    expect(screen.getByTestId('invitee').textContent).toContain('好友阿强 · LV3');
  });

  it('a member without a real name is offered to verify', async () => {
    const context = profileContext({ [MEMBER_PATHS.verifiedInfo]: { is_verified: 0, name: null, id_number: null, verified_at: null }, [MEMBER_PATHS.inviteList]: pageOf([]) });
    renderRemotePage(routes, 'member', { type: '0' }, context);
    const state = await screen.findByTestId('real-name-state');
    expect(state.getAttribute('data-verified')).toBe('0');
    expect(within(state).getByRole('link', { name: '去认证' }).getAttribute('href')).toBe('#/member?type=7');
    expect(await screen.findByText('还没有好友用你的邀请码注册')).toBeTruthy();
  });

  it('shows the profile, level and links by role', async () => {
    const context = profileContext();
    renderRemotePage(routes, 'member', { type: '0' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '个人中心' })).toBeTruthy();
    expect((await screen.findByTestId('profile-level')).textContent).toBe('LV2');
    expect(screen.getByTestId('profile-exp').textContent).toBe('经验 150 / 300');
    expect(screen.getByTestId('profile-nickname').textContent).toBe('球迷小王');
    expect(screen.getByRole('link', { name: '我的关注' }).getAttribute('href')).toBe('#/member?type=2');
    expect(screen.getByRole('link', { name: '我的空间' }).getAttribute('href')).toBe('#/persona');
    expect(screen.getByRole('link', { name: '申请主播' }).getAttribute('href')).toBe('#/member?type=7');
    expect(screen.queryByRole('link', { name: '开播记录' })).toBeNull();
  });

  it('saving a nickname updates the page and the shared session at once', async () => {
    const context = profileContext();
    renderRemotePage(routes, 'member', { type: '0' }, context);
    const input = await screen.findByTestId<HTMLInputElement>('nickname-input');
    fireEvent.change(input, { target: { value: '  ' } });
    expect(input.value).toBe('  ');
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入昵称');
    expect(context.callsTo(MEMBER_PATHS.updateInfo)).toEqual([]);

    fireEvent.change(input, { target: { value: ' 新名字 ' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect(await screen.findByText('昵称已保存')).toBeTruthy();
    expect(context.callsTo(MEMBER_PATHS.updateInfo)[0]?.params).toEqual({ user_nickname: '新名字' });
    expect(screen.getByTestId('profile-nickname').textContent).toBe('新名字');
    const session = context.store.get(userInfoAtom);
    expect(session?.user_nickname).toBe('新名字');
    expect(session).not.toHaveProperty('invite_code');
  });

  it("a refused nickname shows the server's message", async () => {
    const context = profileContext({ [MEMBER_PATHS.updateInfo]: refused('该昵称已被使用') });
    renderRemotePage(routes, 'member', { type: '0' }, context);
    fireEvent.change(await screen.findByTestId('nickname-input'), { target: { value: '重名' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('该昵称已被使用');
    expect(context.store.get(userInfoAtom)?.user_nickname).toBe('球迷小王');
  });

  it('choosing a preset avatar saves it and the session shows it', async () => {
    const context = profileContext();
    renderRemotePage(routes, 'member', { type: '0' }, context);
    const choices = await screen.findAllByTestId('avatar-choice');
    expect(choices[0]?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '头像 2' }));
    expect(await screen.findByText('头像已更新')).toBeTruthy();
    expect(context.callsTo(MEMBER_PATHS.updateInfo)[0]?.params).toEqual({ avatar: '/static/avatars/avatar-2.svg' });
    expect(context.store.get(userInfoAtom)?.avatar).toBe('/static/avatars/avatar-2.svg');
    await waitFor(() => expect(screen.getByRole('button', { name: '头像 2' }).getAttribute('aria-pressed')).toBe('true'));
  });

  it('uploading an own avatar: token, multipart upload, then updateInfo', async () => {
    const context = profileContext({
      [MEMBER_PATHS.uploadToken]: { token: 'up_1', uploadUrl: '/api/upload', expiresAt: '2026-11-22T12:10:00Z', maxBytes: 2_097_152, allowedTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
      'api/upload': { url: '/uploads/abc.png' },
    });
    renderRemotePage(routes, 'member', { type: '0' }, context);
    const input = await screen.findByLabelText('上传头像');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('只支持 PNG、JPEG、WebP、GIF 图片');
    expect(context.callsTo(MEMBER_PATHS.uploadToken)).toEqual([]);

    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByText('头像已更新')).toBeTruthy();
    const form = context.callsTo('api/upload')[0]?.params as FormData;
    expect(form.get('token')).toBe('up_1');
    expect((form.get('file') as File).name).toBe('me.png');
    expect(context.callsTo(MEMBER_PATHS.updateInfo)[0]?.params).toEqual({ avatar: '/uploads/abc.png' });
    expect(context.store.get(userInfoAtom)?.avatar).toBe('/uploads/abc.png');
  });

  it('an anchor is offered broadcast records, not the application', async () => {
    const context = memberContext({ [MEMBER_PATHS.profile]: profileOf(ANCHOR), [MEMBER_PATHS.avatarList]: AVATARS });
    logIn(context, ANCHOR);
    renderRemotePage(routes, 'member', {}, context);
    expect((await screen.findByRole('link', { name: '开播记录' })).getAttribute('href')).toBe('#/member?type=9');
    expect(screen.queryByRole('link', { name: '申请主播' })).toBeNull();
  });
});

describe('member?type=2 my follows', () => {
  it('lists followed anchors live first with viewers, and unfollows', async () => {
    const offline = roomCard({ title: '休息', is_live: 0 });
    const live = roomCard({ title: '正在播', online: 7 });
    const context = memberContext({
      [MEMBER_PATHS.attentionList]: pageOf([
        { anchor: offline.anchor, room: offline, followed_at: '2026-11-01T00:00:00Z' },
        { anchor: live.anchor, room: live, followed_at: '2026-11-01T00:00:00Z' },
      ]),
      [MEMBER_PATHS.attention]: { anchor_id: live.anchor.anchor_id, is_attention: 0, fans: 2 },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '2' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '我的关注' })).toBeTruthy();
    const items = await screen.findAllByTestId('follow-item');
    expect(items[0]?.getAttribute('data-live')).toBe('true');
    expect(within(items[0] as HTMLElement).getByText('57 人在看')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `取消关注 ${live.anchor.user_nickname}` }));
    await waitFor(() => expect(screen.getAllByTestId('follow-item')).toHaveLength(1));
    expect(context.callsTo(MEMBER_PATHS.attention)[0]?.params).toEqual({ anchor_id: live.anchor.anchor_id, attention: 0 });
  });
});

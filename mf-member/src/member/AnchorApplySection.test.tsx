import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS, type AnchorApplication, type VerifiedInfo } from '../api/memberApi';
import { routes } from '../routes';
import { ANCHOR, logIn, MEMBER, memberContext, refused } from '../testing/fixtures';

const NOT_VERIFIED: VerifiedInfo = { is_verified: 0, name: null, id_number: null, verified_at: null };
const VERIFIED: VerifiedInfo = { is_verified: 1, name: '王*明', id_number: '1****************X', verified_at: '2026-11-20T00:00:00Z' };

function application(overrides: Partial<AnchorApplication> = {}): AnchorApplication {
  return { id: 3, category: 1, introduction: '十年英超解说经验，擅长战术分析', sample: 'https://video.example.com/1', state: 'pending', reject_reason: null, created_at: '2026-11-21T08:00:00Z', reviewed_at: null, ...overrides };
}

describe('member?type=7 apply to be anchor', () => {
  it('step 1 verifies the real name (checked here first), step 2 applies, then the state shows', async () => {
    const context = memberContext({
      [MEMBER_PATHS.verifiedInfo]: NOT_VERIFIED,
      [MEMBER_PATHS.anchorApplication]: null,
      [MEMBER_PATHS.verify]: VERIFIED,
      [MEMBER_PATHS.applyAnchor]: (body: unknown) => application(body as Partial<AnchorApplication>),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '7' }, context);
    expect(await screen.findByRole('heading', { level: 1, name: '申请主播' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '第一步：实名认证' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('真实姓名'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '110105194912310021' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('身份证号校验位不正确，请检查');
    expect(context.callsTo(MEMBER_PATHS.verify)).toEqual([]);

    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '11010519491231002x' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(await screen.findByTestId('apply-form')).toBeTruthy();
    expect(context.callsTo(MEMBER_PATHS.verify)[0]?.params).toEqual({ name: '王小明', id_number: '11010519491231002X' });
    expect(screen.getByTestId('verified-info').textContent).toContain('1****************X');

    fireEvent.change(screen.getByTestId('apply-introduction'), { target: { value: '太短' } });
    fireEvent.change(screen.getByTestId('apply-sample'), { target: { value: 'http://video.example.com/1' } });
    fireEvent.click(screen.getByTestId('apply-submit'));
    expect(await screen.findByText('请选择直播类别', { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByText('个人介绍需 10-300 个字')).toBeTruthy();
    expect(screen.getByText('请填写以 https:// 开头的有效链接')).toBeTruthy();
    expect(context.callsTo(MEMBER_PATHS.applyAnchor)).toEqual([]);

    fireEvent.change(screen.getByLabelText('直播类别'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('个人介绍'), { target: { value: ' 篮球比赛解说五年，熟悉 NBA 与 CBA ' } });
    fireEvent.change(screen.getByLabelText('作品链接'), { target: { value: 'https://video.example.com/2' } });
    fireEvent.click(screen.getByTestId('apply-submit'));
    const state = await screen.findByTestId('application-state');
    expect(state.textContent).toBe('审核中');
    expect(state.getAttribute('data-state')).toBe('pending');
    expect(context.callsTo(MEMBER_PATHS.applyAnchor)[0]?.params).toEqual({ category: 2, introduction: '篮球比赛解说五年，熟悉 NBA 与 CBA', sample: 'https://video.example.com/2' });
  });

  it("shows the server's refusal of the verification", async () => {
    const context = memberContext({ [MEMBER_PATHS.verifiedInfo]: NOT_VERIFIED, [MEMBER_PATHS.anchorApplication]: null, [MEMBER_PATHS.verify]: refused('姓名与身份证号不匹配') });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '7' }, context);
    fireEvent.change(await screen.findByLabelText('真实姓名'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '11010519491231002X' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('姓名与身份证号不匹配');
  });

  it('a rejected application shows the reason and can be made again', async () => {
    const context = memberContext({
      [MEMBER_PATHS.verifiedInfo]: VERIFIED,
      [MEMBER_PATHS.anchorApplication]: application({ state: 'rejected', reject_reason: '作品链接无法打开' }),
      [MEMBER_PATHS.applyAnchor]: (body: unknown) => application({ ...(body as Partial<AnchorApplication>), id: 4 }),
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'member', { type: '7' }, context);
    expect((await screen.findByTestId('application-state')).textContent).toBe('未通过');
    expect(screen.getByTestId('application-reason').textContent).toBe('原因：作品链接无法打开');
    fireEvent.click(screen.getByRole('button', { name: '重新申请' }));
    // The form starts from the rejected application.
    expect((screen.getByLabelText('作品链接') as HTMLInputElement).value).toBe('https://video.example.com/1');
    fireEvent.change(screen.getByLabelText('作品链接'), { target: { value: 'https://video.example.com/new' } });
    fireEvent.click(screen.getByTestId('apply-submit'));
    await waitFor(() => expect(screen.getByTestId('application-state').getAttribute('data-state')).toBe('pending'));
    expect(context.callsTo(MEMBER_PATHS.applyAnchor)[0]?.params).toMatchObject({ category: 1, sample: 'https://video.example.com/new' });
  });

  it('an approved application leads to opening a room; an anchor is sent to the records', async () => {
    const context = memberContext({ [MEMBER_PATHS.verifiedInfo]: VERIFIED, [MEMBER_PATHS.anchorApplication]: application({ state: 'approved' }) });
    logIn(context, MEMBER);
    const view = renderRemotePage(routes, 'member', { type: '7' }, context);
    expect((await screen.findByTestId('application-state')).textContent).toBe('已通过');
    expect(screen.getByRole('link', { name: '开通我的直播间' }).getAttribute('href')).toBe('#/live?mine=1');
    view.unmount();

    const anchor = memberContext({});
    logIn(anchor, ANCHOR);
    renderRemotePage(routes, 'member', { type: '7' }, anchor);
    expect((await screen.findByRole('link', { name: '查看开播记录' })).getAttribute('href')).toBe('#/member?type=9');
    expect(anchor.calls).toEqual([]);
  });
});

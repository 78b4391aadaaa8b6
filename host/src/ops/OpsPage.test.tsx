import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RolloutState } from '@sports/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeOpsServer, fakeRelease } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';

function rolloutStates(): RolloutState[] {
  return [
    {
      remote: 'mf_live',
      stable: '0.1.0-aaaaaaaaaa',
      candidate: '0.2.0-bbbbbbbbbb',
      candidatePercent: 10,
      updatedAt: '2025-11-22T05:14:03.000Z',
      releases: [fakeRelease('mf_live', '0.2.0-bbbbbbbbbb', 18, 2), fakeRelease('mf_live', '0.1.0-aaaaaaaaaa', 200, 1), fakeRelease('mf_live', '0.0.9-cccccccccc')],
    },
    { remote: 'mf_scores', stable: '0.1.0-dddddddddd', candidate: null, candidatePercent: 0, updatedAt: '2025-11-22T05:14:03.000Z', releases: [fakeRelease('mf_scores', '0.1.0-dddddddddd', 5, 0)] },
  ];
}

let server: ReturnType<typeof createFakeOpsServer>;
beforeEach(() => {
  server = createFakeOpsServer(TOKEN, rolloutStates());
  server.audit.push({ id: 99, remote: 'mf_live', action: 'publish', releaseId: '0.2.0-bbbbbbbbbb', actor: 'alice', reason: '新徽章', detail: {}, at: '2025-11-22T05:00:00.000Z' });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function signIn(token = TOKEN) {
  fireEvent.change(screen.getByLabelText('运维令牌'), { target: { value: token } });
  fireEvent.click(screen.getByRole('button', { name: '进入' }));
}

const panel = (remote: string) => screen.getByRole('region', { name: new RegExp(`（${remote}）`) });

async function openSignedIn() {
  sessionStorage.setItem('mf_ops_token', TOKEN);
  renderWithHost(<OpsPage />, { path: '/ops' });
  await screen.findByRole('region', { name: /（mf_live）/ });
}

function submitOperation(remote: string, formName: string, reason: string) {
  const form = within(panel(remote)).getByRole('form', { name: formName });
  fireEvent.change(within(form).getByLabelText('原因（写入操作记录）'), { target: { value: reason } });
  fireEvent.submit(form);
  return form;
}

describe('the ops page (#/ops)', () => {
  it('without a token shows only the token form, and asks nothing of the server', () => {
    renderWithHost(<OpsPage />, { path: '/ops' });
    expect(screen.getByRole('heading', { name: '发布管理' })).toBeTruthy();
    expect(screen.getByLabelText('运维令牌')).toHaveProperty('type', 'password');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: /mf_live/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '进入' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入运维令牌');
    expect(server.sent).toEqual([]);
  });

  it('a wrong token shows 需要运维权限 and is not kept', async () => {
    renderWithHost(<OpsPage />, { path: '/ops' });
    await signIn('guess');
    expect((await screen.findByRole('alert')).textContent).toBe('需要运维权限');
    expect(screen.queryByRole('table')).toBeNull();
    expect(sessionStorage.getItem('mf_ops_token')).toBeNull();
  });

  it('the right token is kept in sessionStorage only, and sent as x-ops-token with X-Requested-With', async () => {
    renderWithHost(<OpsPage />, { path: '/ops' });
    await signIn();
    await screen.findByRole('region', { name: '直播（mf_live）' });
    expect(sessionStorage.getItem('mf_ops_token')).toBe(TOKEN);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain(TOKEN);
    expect(server.sent[0]).toMatchObject({ method: 'GET', path: '/api/mf/rollouts', headers: { 'x-ops-token': TOKEN, 'x-requested-with': 'XMLHttpRequest' } });
    expect(server.sent.some((request) => request.path === '/api/mf/audit?limit=50')).toBe(true);
  });

  it('shows stable and candidate with their traffic shares, each release with loads, errors and error rate', async () => {
    await openSignedIn();
    const live = panel('mf_live');
    expect(within(live).getByTestId('stable-mf_live').textContent).toBe('0.1.0-aaaaaaaaaa（流量 90%）');
    expect(within(live).getByTestId('candidate-mf_live').textContent).toBe('0.2.0-bbbbbbbbbb（流量 10%）');
    const table = within(live).getByRole('table', { name: 'mf_live 的发布（加载与错误为最近 300 秒）' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['发布号', '版本', '流量', '加载', '错误', '错误率', '发布时间', '发布人']);
    const candidateRow = within(table).getByRole('row', { name: /0\.2\.0-bbbbbbbbbb/ });
    expect(within(candidateRow).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent)).toEqual(['0.2.0', '候选 10%', '18', '2', '10.0%']);
    const stableRow = within(table).getByRole('row', { name: /0\.1\.0-aaaaaaaaaa/ });
    expect(within(stableRow).getAllByRole('cell')[1]?.textContent).toBe('稳定 90%');
    expect(within(panel('mf_scores')).getByTestId('stable-mf_scores').textContent).toBe('0.1.0-dddddddddd（流量 100%）');
    expect(within(panel('mf_scores')).getByTestId('candidate-mf_scores').textContent).toBe('无');

    const audit = screen.getByRole('table', { name: '操作记录（最近 50 条）' });
    expect(within(audit).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['时间', '应用', '操作', '发布号', '操作人', '原因']);
    const row = within(audit).getAllByRole('row')[1];
    expect(within(row as HTMLElement).getAllByRole('cell').slice(1).map((cell) => cell.textContent)).toEqual(['mf_live', '发布', '0.2.0-bbbbbbbbbb', 'alice', '新徽章']);
  });

  it('canary: asks for a reason and a 0-100 percentage, then posts and shows the new share and the audit entry', async () => {
    await openSignedIn();
    const form = within(panel('mf_live')).getByRole('form', { name: '灰度发布 / 调整比例' });
    expect(within(form).getByRole('button').textContent).toBe('调整比例');
    fireEvent.change(within(form).getByLabelText('流量百分比（0-100）'), { target: { value: '150' } });
    fireEvent.submit(form);
    expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['请输入 0-100 的整数', '请填写原因']);
    expect(server.posts()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('流量百分比（0-100）'), { target: { value: '25' } });
    submitOperation('mf_live', '灰度发布 / 调整比例', '扩大到 25%');
    expect((await within(form).findByRole('status')).textContent).toBe('mf_live：操作已生效');
    expect(server.posts()).toEqual([
      expect.objectContaining({ path: '/api/mf/rollouts/mf_live/canary', body: { releaseId: '0.2.0-bbbbbbbbbb', percent: 25, reason: '扩大到 25%' } }),
    ]);
    await waitFor(() => expect(within(panel('mf_live')).getByTestId('stable-mf_live').textContent).toBe('0.1.0-aaaaaaaaaa（流量 75%）'));
    expect(within(screen.getByRole('table', { name: /操作记录/ })).getByRole('row', { name: /扩大到 25%/ })).toBeTruthy();
  });

  it('canary of another release: pick it, start at N %', async () => {
    await openSignedIn();
    const form = within(panel('mf_live')).getByRole('form', { name: '灰度发布 / 调整比例' });
    fireEvent.change(within(form).getByLabelText('候选发布'), { target: { value: '0.0.9-cccccccccc' } });
    expect(within(form).getByRole('button').textContent).toBe('开始灰度');
    fireEvent.change(within(form).getByLabelText('流量百分比（0-100）'), { target: { value: '0' } });
    submitOperation('mf_live', '灰度发布 / 调整比例', 'QA');
    await within(form).findByRole('status');
    expect(server.posts()[0]?.body).toEqual({ releaseId: '0.0.9-cccccccccc', percent: 0, reason: 'QA' });
  });

  it('promote and both rollbacks post what the API takes, each with its reason', async () => {
    await openSignedIn();
    submitOperation('mf_live', '全量发布', '指标正常');
    await waitFor(() => expect(within(panel('mf_live')).getByTestId('stable-mf_live').textContent).toBe('0.2.0-bbbbbbbbbb（流量 100%）'));

    const rollback = within(panel('mf_live')).getByRole('form', { name: '回滚' });
    const targets = within(rollback).getByLabelText('回滚方式');
    expect(within(targets).getAllByRole('option').map((option) => option.textContent)).toEqual(['稳定版本回到 0.1.0-aaaaaaaaaa', '稳定版本回到 0.0.9-cccccccccc']);
    submitOperation('mf_live', '回滚', '回到上一版');
    await waitFor(() => expect(within(panel('mf_live')).getByTestId('stable-mf_live').textContent).toBe('0.1.0-aaaaaaaaaa（流量 100%）'));

    // A new candidate, then dropped: the first choice when there is a candidate.
    fireEvent.change(within(panel('mf_live')).getByLabelText('候选发布'), { target: { value: '0.2.0-bbbbbbbbbb' } });
    submitOperation('mf_live', '灰度发布 / 调整比例', '再试');
    await waitFor(() => expect(within(panel('mf_live')).getByTestId('candidate-mf_live').textContent).toContain('0.2.0-bbbbbbbbbb'));
    expect(within(within(panel('mf_live')).getByLabelText('回滚方式')).getAllByRole('option')[0]?.textContent).toBe('撤下候选发布（保留稳定版本）');
    submitOperation('mf_live', '回滚', '撤下');
    await waitFor(() => expect(within(panel('mf_live')).getByTestId('candidate-mf_live').textContent).toBe('无'));

    expect(server.posts().map((request) => [request.path, request.body])).toEqual([
      ['/api/mf/rollouts/mf_live/promote', { reason: '指标正常' }],
      ['/api/mf/rollouts/mf_live/rollback', { toReleaseId: '0.1.0-aaaaaaaaaa', reason: '回到上一版' }],
      ['/api/mf/rollouts/mf_live/canary', { releaseId: '0.2.0-bbbbbbbbbb', percent: 0, reason: '再试' }],
      ['/api/mf/rollouts/mf_live/rollback', { reason: '撤下' }],
    ]);
    expect(within(panel('mf_scores')).getByRole('form', { name: '全量发布' }).querySelector('fieldset')?.disabled).toBe(true);
  });

  it('QA override: whole minutes only, then the signed address for the chosen release; a refusal in place', async () => {
    await openSignedIn();
    const form = within(panel('mf_live')).getByRole('form', { name: '测试覆盖链接（QA）' });
    // The candidate is offered first; any registered release may be chosen.
    expect((within(form).getByRole('combobox') as HTMLSelectElement).value).toBe('0.2.0-bbbbbbbbbb');
    fireEvent.change(within(form).getByRole('combobox'), { target: { value: '0.0.9-cccccccccc' } });
    fireEvent.change(within(form).getByLabelText('有效期（分钟）'), { target: { value: '1.5' } });
    fireEvent.submit(form);
    expect(within(form).getByText('请输入正整数分钟数')).toBeTruthy();
    expect(server.posts()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('有效期（分钟）'), { target: { value: '30' } });
    fireEvent.submit(form);
    const link = await within(form).findByTestId('override-link-mf_live');
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/web/?mf_override=signed.mf_live.0.0.9-cccccccccc`);
    expect(server.posts().map((request) => [request.path, request.body])).toEqual([['/api/mf/overrides', { remote: 'mf_live', releaseId: '0.0.9-cccccccccc', minutes: 30 }]]);

    server.refuse('override', '发布 0.0.9-cccccccccc 已回滚，不能用于测试覆盖；请先重新灰度');
    fireEvent.submit(form);
    expect((await within(form).findByRole('alert')).textContent).toBe('发布 0.0.9-cccccccccc 已回滚，不能用于测试覆盖；请先重新灰度');
    expect(within(form).queryByTestId('override-link-mf_live')).toBeNull();
  });

  it("shows the control plane's refusal in place", async () => {
    await openSignedIn();
    server.refuse('promote', '当前没有候选发布');
    const form = submitOperation('mf_live', '全量发布', '试试');
    expect((await within(form).findByRole('alert')).textContent).toBe('当前没有候选发布');
  });

  it('a token revoked meanwhile: back to the token form with 需要运维权限; signing out forgets the token', async () => {
    await openSignedIn();
    server.revokeToken();
    submitOperation('mf_live', '全量发布', '试试');
    expect((await screen.findByRole('alert')).textContent).toBe('需要运维权限');
    expect(screen.getByLabelText('运维令牌')).toBeTruthy();
    expect(sessionStorage.getItem('mf_ops_token')).toBeNull();

    sessionStorage.setItem('mf_ops_token', 'another');
    fireEvent.click(screen.getByRole('button', { name: '进入' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入运维令牌');
  });

  it('signing out forgets the token', async () => {
    await openSignedIn();
    fireEvent.click(screen.getByRole('button', { name: '退出运维' }));
    expect(screen.getByLabelText('运维令牌')).toBeTruthy();
    expect(sessionStorage.getItem('mf_ops_token')).toBeNull();
  });
});

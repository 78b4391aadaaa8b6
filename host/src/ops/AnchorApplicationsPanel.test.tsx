import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeOpsContent, fakeApplication } from './testing/fakeOpsContent';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let rollouts: ReturnType<typeof createFakeOpsServer>;
let content: ReturnType<typeof createFakeOpsContent>;

beforeEach(() => {
  rollouts = createFakeOpsServer(TOKEN, []);
  content = createFakeOpsContent(TOKEN, rollouts.fetch);
  content.applications.push(
    fakeApplication(1),
    fakeApplication(2, { user_nickname: '篮球老王', category: 2, sample: 'https://video.example.test/two' }),
    fakeApplication(3, { state: 'rejected', reject_reason: '样片无法打开', reviewed_at: '2025-11-22T05:30:00.000Z' }),
  );
  vi.stubGlobal('fetch', vi.fn(content.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openApplications() {
  renderWithHost(<OpsPage />, { path: '/ops' });
  fireEvent.click(await screen.findByRole('tab', { name: '主播申请' }));
  return screen.findByRole('table', { name: /主播申请（待审核/ });
}

const row = (id: number) => screen.getByTestId(`application-row-${id}`);

describe('the anchor applications review (#/ops?tab=applications)', () => {
  it('lists the pending queue: applicant, masked name, category, introduction, sample link, time, state', async () => {
    const table = await openApplications();
    expect(screen.getByRole('heading', { name: '主播申请审核' })).toBeTruthy();
    expect(window.location.hash).toBe('#/ops?tab=applications');
    expect(within(table).getByText('主播申请（待审核，共 2 条）')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['申请人', '实名', '类别', '简介', '样片链接', '申请时间', '状态', '审核']);
    const cells = within(row(2)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['篮球老王（ID 102）', '张*三', '篮球', '十年足球解说经验，擅长英超和中超。']);
    expect(cells[5]).toMatch(/^2025-11-22 \d\d:14:03$/);
    expect(screen.getByTestId('application-state-2').textContent).toBe('待审核');
    const sample = within(row(2)).getByRole('link', { name: '打开样片' });
    expect(sample.getAttribute('href')).toBe('https://video.example.test/two');
    expect(sample.getAttribute('target')).toBe('_blank');
    expect(sample.getAttribute('rel')).toContain('noopener');
    expect(content.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/anchorApplications?state=pending&page=1&page_size=20', headers: { 'x-ops-token': TOKEN } });
    expect(screen.queryByTestId('application-row-3')).toBeNull();
  });

  it('approve: posts, then the row says 已通过 with the new room', async () => {
    await openApplications();
    fireEvent.click(screen.getByTestId('application-approve-1'));
    await waitFor(() => expect(screen.getByTestId('application-state-1').textContent).toBe('已通过'));
    expect(screen.getByTestId('application-outcome-1').textContent).toBe('已通过，直播间 501');
    expect(screen.queryByTestId('application-approve-1')).toBeNull();
    expect(content.posts().map((request) => request.path)).toEqual(['/api/ops/anchorApplications/1/approve']);
  });

  it('reject asks for a 2-100 character reason, then posts it and shows it in the state', async () => {
    await openApplications();
    fireEvent.click(screen.getByTestId('application-reject-1'));
    expect(within(row(1)).getByRole('alert').textContent).toBe('驳回理由需 2-100 个字');
    fireEvent.change(within(row(1)).getByLabelText('驳回理由（2-100 字）'), { target: { value: ' 短 ' } });
    fireEvent.click(within(row(1)).getByRole('button', { name: '驳回' }));
    expect(within(row(1)).getByRole('alert').textContent).toBe('驳回理由需 2-100 个字');
    expect(content.posts()).toEqual([]);

    fireEvent.change(screen.getByTestId('application-reject-reason-1'), { target: { value: '  样片内容不完整  ' } });
    fireEvent.click(screen.getByTestId('application-reject-1'));
    await waitFor(() => expect(screen.getByTestId('application-state-1').textContent).toBe('已驳回：样片内容不完整'));
    expect(screen.getByTestId('application-outcome-1').textContent).toBe('已驳回');
    expect(content.posts()).toEqual([expect.objectContaining({ path: '/api/ops/anchorApplications/1/reject', body: { reason: '样片内容不完整' } })]);
  });

  it("shows the server's refusal in the row (reviewed twice, e.g. by another ops meanwhile)", async () => {
    await openApplications();
    content.applications[0]!.state = 'approved';
    fireEvent.click(screen.getByTestId('application-approve-1'));
    expect((await within(row(1)).findByRole('alert')).textContent).toBe('该申请已审核，不能重复审核');
    expect(screen.getByTestId('application-state-1').textContent).toBe('待审核');
  });

  it('other states on demand: rejected ones with their reason, newest first, no review buttons', async () => {
    await openApplications();
    fireEvent.change(screen.getByLabelText('申请状态'), { target: { value: 'rejected' } });
    await screen.findByRole('table', { name: '主播申请（已驳回，共 1 条）' });
    expect(screen.getByTestId('application-state-3').textContent).toBe('已驳回：样片无法打开');
    expect(within(row(3)).queryByRole('button')).toBeNull();
    expect(content.sent.at(-1)?.path).toBe('/api/ops/anchorApplications?state=rejected&page=1&page_size=20');

    fireEvent.change(screen.getByLabelText('申请状态'), { target: { value: 'approved' } });
    expect(await screen.findByText('没有已通过的申请。')).toBeTruthy();
  });

  it('pages through a long queue', async () => {
    for (let id = 10; id < 35; id += 1) content.applications.push(fakeApplication(id));
    await openApplications();
    await screen.findByText('第 1 / 2 页');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('第 2 / 2 页');
    expect(content.sent.at(-1)?.path).toBe('/api/ops/anchorApplications?state=pending&page=2&page_size=20');
    await waitFor(() => expect(screen.getAllByTestId(/^application-row-/)).toHaveLength(7));
  });

  it('a revoked token sends the page back to the token form', async () => {
    await openApplications();
    rollouts.revokeToken();
    const other = createFakeOpsContent('another', rollouts.fetch);
    vi.stubGlobal('fetch', vi.fn(other.fetch));
    fireEvent.click(screen.getByTestId('application-approve-1'));
    expect((await screen.findByRole('alert')).textContent).toBe('需要运维权限');
    expect(screen.getByLabelText('运维令牌')).toBeTruthy();
    expect(sessionStorage.getItem('mf_ops_token')).toBeNull();
  });
});

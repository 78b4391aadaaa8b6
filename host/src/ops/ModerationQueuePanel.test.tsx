import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeModeration, fakeReportGroup } from './testing/fakeModeration';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let fake: ReturnType<typeof createFakeModeration>;

beforeEach(() => {
  fake = createFakeModeration(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  fake.groups.push(
    { ...fakeReportGroup(1, { target: { author_id: 501, author_nickname: '作者1', excerpt: '<img src=x onerror=alert(1)>广告', hidden: false, banned_until: null } }), state: 'open' },
    { ...fakeReportGroup(2, { kind: 'chat', target_id: 'ab12-k3-1', count: 1, reasons: [{ reason: 'abuse', count: 1 }], texts: [] }), state: 'open' },
    { ...fakeReportGroup(3, { kind: 'user', target_id: '77', target: null }), state: 'open' },
    { ...fakeReportGroup(4), state: 'dismissed' },
  );
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openQueue() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=moderationReports' });
  return screen.findByRole('table', { name: /举报（待处理/ });
}

describe('the report queue (#/ops?tab=moderationReports)', () => {
  it('lists open reports grouped by target: the excerpt as text, the author, counts, reasons, the reporters\' words', async () => {
    const table = await openQueue();
    expect(screen.getByRole('tab', { name: '举报处理' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['被举报内容', '作者', '举报', '处理', '处理记录']);
    // Newest report first; the dismissed one is not in the open queue.
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.getAttribute('data-testid'))).toEqual(['report-group-user-77', 'report-group-chat-ab12-k3-1', 'report-group-post-101']);
    const excerpt = screen.getByTestId('report-excerpt-post-101');
    expect(excerpt.textContent).toBe('<img src=x onerror=alert(1)>广告');
    expect(excerpt.querySelector('img')).toBeNull();
    const cells = within(screen.getByTestId('report-group-post-101')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[1]).toBe('作者1（ID 501）');
    expect(cells[2]).toContain('2 次举报');
    expect(cells[2]).toContain('垃圾广告 ×1、辱骂攻击 ×1');
    expect(cells[2]).toContain('一直发广告');
    expect(screen.getByTestId('report-excerpt-user-77').textContent).toBe('（内容已不存在或无法读取）');
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/moderation/reports?state=open' });
  });

  it('offers the actions that fit the target: content hide / delete, chat lines mute, users ban (a banned one unban); all can be dismissed', async () => {
    fake.groups.push({ ...fakeReportGroup(5, { kind: 'user', target_id: '88', target: { author_id: 88, author_nickname: '已封号', excerpt: '已封号', hidden: false, banned_until: '2026-12-01T00:00:00.000Z' } }), state: 'open' });
    await openQueue();
    const names = (key: string) => within(screen.getByRole('group', { name: new RegExp(`^处理 ${key}`) })).getAllByRole('button').map((button) => button.textContent);
    expect(names('用户 88')).toEqual(['解封', '驳回举报']);
    expect(screen.getByTestId('report-group-user-88').textContent).toContain('封禁至 2026-12-01');
    expect(names('动态 101')).toEqual(['隐藏', '删除', '封禁', '驳回举报']);
    expect(names('聊天消息 ab12-k3-1')).toEqual(['禁言', '封禁', '驳回举报']);
    expect(names('用户 77')).toEqual(['封禁', '驳回举报']);
  });

  it('a headline article (written by ops, no member author) offers hide / delete, no ban, and names no author', async () => {
    fake.groups.push({ ...fakeReportGroup(6, { kind: 'headline', target_id: '9', target: { author_id: null, author_nickname: '', excerpt: '文章标题', hidden: false, banned_until: null } }), state: 'open' });
    await openQueue();
    expect(within(screen.getByRole('group', { name: /^处理 头条 9/ })).getAllByRole('button').map((button) => button.textContent)).toEqual(['隐藏', '删除', '驳回举报']);
    expect(within(screen.getByTestId('report-group-headline-9')).getAllByRole('cell')[1]?.textContent).toBe('—');
  });

  it('hide asks to confirm, posts, says how many reports it resolved, and the target leaves the open queue', async () => {
    await openQueue();
    fireEvent.click(screen.getByTestId('report-hide-post-101'));
    expect(fake.sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('report-confirm-hide-post-101'));
    expect((await screen.findByTestId('report-status')).textContent).toBe('动态 #101：已隐藏，2 条举报已处理');
    expect(fake.sent.find((request) => request.method === 'POST')).toMatchObject({ path: '/api/ops/moderation/reports/1/hide', body: {} });
    await waitFor(() => expect(screen.queryByTestId('report-group-post-101')).toBeNull());
    // Under 已处理 it shows hidden, with the audit and 恢复显示.
    fireEvent.change(screen.getByTestId('report-state-filter'), { target: { value: 'actioned' } });
    await waitFor(() => expect(screen.getByTestId('report-audit-post-101').textContent).toMatch(/^隐藏 · ops · 2026-11-25/));
    expect(screen.getByTestId('report-unhide-post-101')).toBeTruthy();
    expect(screen.queryByTestId('report-dismiss-post-101')).toBeNull();
  });

  it('mute and ban send the chosen duration', async () => {
    await openQueue();
    fireEvent.click(screen.getByTestId('report-mute-chat-ab12-k3-1'));
    fireEvent.change(screen.getByTestId('report-mute-minutes-chat-ab12-k3-1'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('report-confirm-mute-chat-ab12-k3-1'));
    await waitFor(() => expect(fake.sent.at(-2)).toMatchObject({ method: 'POST', path: '/api/ops/moderation/reports/2/mute', body: { minutes: 60 } }));
    fireEvent.click(screen.getByTestId('report-ban-user-77'));
    fireEvent.change(screen.getByTestId('report-ban-days-user-77'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('report-confirm-ban-user-77'));
    await waitFor(() => expect(fake.sent.filter((request) => request.method === 'POST').at(-1)).toMatchObject({ path: '/api/ops/moderation/reports/3/ban', body: { days: 30 } }));
  });

  it("a refusal shows in the row with the server's words", async () => {
    await openQueue();
    fake.groups[0]!.state = 'dismissed';
    fireEvent.click(screen.getByTestId('report-dismiss-post-101'));
    fireEvent.click(screen.getByTestId('report-confirm-dismiss-post-101'));
    expect((await within(screen.getByTestId('report-group-post-101')).findByRole('alert')).textContent).toBe('该举报已处理');
  });
});

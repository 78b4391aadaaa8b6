import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { OpsPage } from './OpsPage';
import { createFakeOpsContent, fakeActivity } from './testing/fakeOpsContent';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let content: ReturnType<typeof createFakeOpsContent>;

beforeEach(() => {
  // An ops browser in New York: the page still shows and reads China time (issue 33).
  vi.stubEnv('TZ', 'America/New_York');
  content = createFakeOpsContent(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  content.addActivity(fakeActivity(1, { title: '双十一充值活动', starts_at: '2000-01-01T00:00:00.000Z', ends_at: '2999-01-01T00:00:00.000Z', target: '_blank', link: 'https://promo.example.test/' }));
  content.addActivity(fakeActivity(2, { title: '往期活动', starts_at: '2000-01-01T00:00:00.000Z', ends_at: '2001-01-01T00:00:00.000Z' }));
  vi.stubGlobal('fetch', vi.fn(content.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  sessionStorage.clear();
});

async function openBanners() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=activities' });
  return screen.findByRole('table', { name: /活动横幅（共/ });
}

const form = () => screen.getByTestId('activity-form');
function fill(values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
}

describe('the activity banners (#/ops?tab=activities)', () => {
  it('lists every banner: title, lazy image, link, target, window and whether it shows now', async () => {
    const table = await openBanners();
    expect(screen.getByRole('tab', { name: '活动横幅' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: '活动横幅' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['标题', '图片', '链接', '打开方式', '开始时间', '结束时间', '状态', '操作']);
    const first = screen.getByTestId('activity-row-1');
    const image = within(first).getByRole('img', { name: '双十一充值活动' });
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent).slice(2, 5)).toEqual(['https://promo.example.test/', '新标签页打开', '2000-01-01 08:00:00']);
    expect(screen.getByTestId('activity-status-1').textContent).toBe('展示中');
    expect(screen.getByTestId('activity-status-2').textContent).toBe('已结束');
    expect(content.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/activities?page=1&page_size=20', headers: { 'x-ops-token': TOKEN } });
  });

  it('create: checks each field as the server does, then posts the window in UTC and lists the new banner', async () => {
    await openBanners();
    fireEvent.submit(form());
    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      '请输入 1-30 字的标题',
      '图片地址须为 https:// 地址或本站上传的 /uploads/ 图片',
      '链接须为 https:// 地址或以 /web/ 开头的站内地址',
      '请选择时间',
      '请选择时间',
    ]);
    fill({ '标题（1-30 字）': '世界杯竞猜', '图片地址（https:// 或 /uploads/…）': 'http://insecure.test/a.png', '链接（https:// 或 /web/…）': 'javascript:alert(1)', '开始时间（北京时间）': '2030-06-10T20:00', '结束时间（北京时间）': '2030-06-10T19:00' });
    fireEvent.submit(form());
    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      '图片地址须为 https:// 地址或本站上传的 /uploads/ 图片',
      '链接须为 https:// 地址或以 /web/ 开头的站内地址',
      '结束时间必须晚于开始时间',
    ]);
    expect(content.posts()).toEqual([]);

    fill({ '图片地址（https:// 或 /uploads/…）': '/uploads/0a1b2c.png', '链接（https:// 或 /web/…）': '/web/#/trophy/home', '结束时间（北京时间）': '2030-07-20T23:00', 打开方式: '_self' });
    fireEvent.submit(form());
    expect((await within(form()).findByRole('status')).textContent).toBe('横幅已保存');
    expect(content.posts()[0]?.body).toEqual({
      title: '世界杯竞猜',
      image: '/uploads/0a1b2c.png',
      link: '/web/#/trophy/home',
      target: '_self',
      // The form's times are China time, whatever the browser's zone.
      starts_at: '2030-06-10T12:00:00.000Z',
      ends_at: '2030-07-20T15:00:00.000Z',
    });
    await screen.findByRole('table', { name: '活动横幅（共 3 个）' });
    expect(screen.getByTestId('activity-status-3').textContent).toBe('未开始');
    expect((within(form()).getByLabelText('标题（1-30 字）') as HTMLInputElement).value).toBe('');
  });

  it('edit: the form takes the banner (China times), saving posts its id', async () => {
    await openBanners();
    fireEvent.click(screen.getByTestId('activity-edit-1'));
    expect(screen.getByRole('form', { name: '编辑横幅 1' })).toBeTruthy();
    expect((within(form()).getByLabelText('开始时间（北京时间）') as HTMLInputElement).value).toBe('2000-01-01T08:00');
    expect((within(form()).getByLabelText('标题（1-30 字）') as HTMLInputElement).value).toBe('双十一充值活动');
    expect((within(form()).getByLabelText('打开方式') as HTMLSelectElement).value).toBe('_blank');
    fill({ '标题（1-30 字）': '双十一充值返利' });
    fireEvent.submit(form());
    await waitFor(() => expect(within(screen.getByTestId('activity-row-1')).getAllByRole('cell')[0]?.textContent).toBe('双十一充值返利'));
    expect(content.posts()[0]?.body).toMatchObject({ id: 1, title: '双十一充值返利', starts_at: '2000-01-01T00:00:00.000Z', ends_at: '2999-01-01T00:00:00.000Z' });
    expect(screen.getByRole('form', { name: '新建横幅' })).toBeTruthy();
  });

  it("shows the server's refusal in the form", async () => {
    await openBanners();
    content.refuseNext('活动图片只能是本站上传的图片或 https 图片地址');
    fireEvent.click(screen.getByTestId('activity-edit-2'));
    fireEvent.submit(form());
    expect((await within(form()).findByRole('alert')).textContent).toBe('活动图片只能是本站上传的图片或 https 图片地址');
  });

  it('delete asks to confirm, then posts and the banner is gone', async () => {
    await openBanners();
    fireEvent.click(screen.getByTestId('activity-delete-2'));
    fireEvent.click(within(screen.getByTestId('activity-row-2')).getByRole('button', { name: '取消' }));
    expect(content.posts()).toEqual([]);
    fireEvent.click(within(screen.getByTestId('activity-row-2')).getByRole('button', { name: '删除' }));
    fireEvent.click(screen.getByRole('button', { name: '确认删除' }));
    await waitFor(() => expect(screen.queryByTestId('activity-row-2')).toBeNull());
    expect(content.posts().map((request) => request.path)).toEqual(['/api/ops/activities/2/delete']);
  });
});

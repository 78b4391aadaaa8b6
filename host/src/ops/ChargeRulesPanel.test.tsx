import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { fenToYuanText, yuanTextToFen } from './chargeRuleForm';
import { OpsPage } from './OpsPage';
import { createFakeChargeRules, fakeChargeRule } from './testing/fakeChargeRules';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let fake: ReturnType<typeof createFakeChargeRules>;

beforeEach(() => {
  fake = createFakeChargeRules(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  fake.rules.push(fakeChargeRule(1), fakeChargeRule(2, { price_fen: 3000, coins: 300, bonus_coins: 10, sort: 2 }), fakeChargeRule(3, { price_fen: 9850, enabled: false, sort: 3 }));
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openPackages() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=chargeRules' });
  return screen.findByRole('table', { name: /充值套餐（共/ });
}

const form = () => screen.getByTestId('charge-rule-form');
function fill(values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
}
const cells = (id: number) => within(screen.getByTestId(`charge-rule-row-${id}`)).getAllByRole('cell').map((cell) => cell.textContent);

describe('the recharge packages (#/ops?tab=chargeRules)', () => {
  it('money typed in yuan becomes integer fen without floats', () => {
    expect([yuanTextToFen('30'), yuanTextToFen('30.5'), yuanTextToFen('0.07'), yuanTextToFen('19.99'), yuanTextToFen(' 100000 ')]).toEqual([3000, 3050, 7, 1999, 10_000_000]);
    for (const bad of ['', '0', '0.00', '1.234', '-1', '1e2', '100000.01', 'abc', '30.']) expect(yuanTextToFen(bad)).toBeNull();
    expect([fenToYuanText(9850), fenToYuanText(7)]).toEqual(['98.50', '0.07']);
  });

  it('lists every package, on sale or not, with the price in yuan; the tab is 充值套餐', async () => {
    const table = await openPackages();
    expect(screen.getByRole('tab', { name: '充值套餐' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['价格', '金币', '赠送金币', '状态', '排序', '操作']);
    expect(cells(2)).toEqual(['￥30.00', '300', '10', '上架中', '2', '编辑停用']);
    expect(cells(3).slice(0, 4)).toEqual(['￥98.50', '180', '0', '已停用']);
    expect(screen.getByTestId('charge-rule-toggle-3').textContent).toBe('上架');
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/chargeRules', headers: { 'x-ops-token': TOKEN } });
  });

  it('create: checks each field as the server does, then posts integer fen and lists the new package', async () => {
    await openPackages();
    fill({ '价格（元，最多两位小数）': '12.345', 金币数: '0', 赠送金币数: '-1', '排序（0-9999，小的在前）': '10000' });
    fireEvent.submit(form());
    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      '请输入 0.01-100000 元的价格，最多两位小数',
      '请输入 1-100000000 的整数',
      '请输入 0-100000000 的整数',
      '请输入 0-9999 的整数',
    ]);
    expect(fake.posts()).toEqual([]);
    fill({ '价格（元，最多两位小数）': '128.8', 金币数: '1288', 赠送金币数: '88', '排序（0-9999，小的在前）': '0' });
    fireEvent.click(within(form()).getByLabelText('上架（用户可购买）'));
    fireEvent.submit(form());
    expect((await within(form()).findByRole('status')).textContent).toBe('套餐已保存，用户充值页即时生效');
    expect(fake.posts()[0]?.body).toEqual({ price_fen: 12_880, coins: 1288, bonus_coins: 88, enabled: false, sort: 0 });
    await screen.findByRole('table', { name: /充值套餐（共 4 个/ });
    expect(cells(4).slice(0, 5)).toEqual(['￥128.80', '1288', '88', '已停用', '0']);
    // The new package is first (sort 0), as members would see it once on sale.
    expect(screen.getAllByTestId(/^charge-rule-row-/)[0]?.getAttribute('data-testid')).toBe('charge-rule-row-4');
  });

  it('edit fills the form with the package and saves its id; take off sale and back from the row; refusals show in place', async () => {
    await openPackages();
    fireEvent.click(screen.getByTestId('charge-rule-edit-2'));
    expect(within(form()).getByRole('group', { name: '编辑套餐 2' })).toBeTruthy();
    expect((within(form()).getByLabelText('价格（元，最多两位小数）') as HTMLInputElement).value).toBe('30.00');
    fill({ 金币数: '320' });
    fireEvent.submit(form());
    await waitFor(() => expect(fake.posts()).toHaveLength(1));
    expect(fake.posts()[0]?.body).toEqual({ id: 2, price_fen: 3000, coins: 320, bonus_coins: 10, enabled: true, sort: 2 });
    await waitFor(() => expect(cells(2)[1]).toBe('320'));
    expect(within(form()).getByRole('group', { name: '新建套餐' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('charge-rule-toggle-1'));
    await waitFor(() => expect(screen.getByTestId('charge-rule-status-1').textContent).toBe('已停用'));
    expect(fake.posts()[1]?.body).toEqual({ id: 1, price_fen: 600, coins: 60, bonus_coins: 0, enabled: false, sort: 1 });

    fake.refuseNext('充值套餐最多 50 个，请修改或停用已有套餐');
    fireEvent.click(screen.getByTestId('charge-rule-toggle-3'));
    expect((await within(screen.getByTestId('charge-rule-row-3')).findByRole('alert')).textContent).toBe('充值套餐最多 50 个，请修改或停用已有套餐');
    expect(screen.getByTestId('charge-rule-status-3').textContent).toBe('已停用');
  });

  it('a refused token goes back to the token form', async () => {
    sessionStorage.setItem('mf_ops_token', 'wrong-token');
    renderWithHost(<OpsPage />, { path: '/ops?tab=chargeRules' });
    expect(await screen.findByLabelText('运维令牌')).toBeTruthy();
  });
});

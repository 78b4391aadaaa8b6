import { describe, expect, it } from 'vitest';
import { escapeHtml, sandboxOrderPage, sandboxResultPage, yuan } from './sandboxPayPage';

const ORDER = { orderNo: 'R202612060001', subject: '充值 60 金币', amountFen: 600, coins: 60 };

describe('the sandbox payment page (issue 33)', () => {
  it('is a styled, mobile-friendly 收银台: amount in 元, subject, order number, 确认支付 and 取消支付', () => {
    const html = sandboxOrderPage(ORDER, { action: '/pay/sandbox/R202612060001/submit', token: 'a'.repeat(64) }, '待支付');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<h1>收银台</h1>');
    expect(html).toContain('6.00<small>元</small>');
    expect(html).toContain('<dd>充值 60 金币</dd>');
    expect(html).toContain('R202612060001');
    expect(html.indexOf('确认支付')).toBeLessThan(html.indexOf('取消支付'));
    expect(html).toMatch(/<style>[^<]*@media \(max-width:500px\)/);
    // CSP: no script, no inline style attribute, no event handler.
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });

  it('shows the state instead of the buttons once the order cannot be paid', () => {
    const html = sandboxOrderPage(ORDER, null, '已支付');
    expect(html).toContain('订单状态：已支付');
    expect(html).not.toContain('确认支付');
  });

  it('escapes what it shows', () => {
    expect(escapeHtml(`<b>"x" & 'y'</b>`)).toBe('&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;');
    expect(sandboxOrderPage({ ...ORDER, subject: '<img src=x onerror=alert(1)>' }, null, '已取消')).not.toContain('<img');
    expect(sandboxResultPage('<i>支付成功</i>', 'ok', '可以关闭本页')).toContain('&lt;i&gt;支付成功&lt;/i&gt;');
  });

  it('writes fen as 元 with two decimals', () => {
    expect([yuan(600), yuan(1), yuan(12_345)]).toEqual(['6.00', '0.01', '123.45']);
  });
});

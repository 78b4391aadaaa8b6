/**
 * The sandbox gateway's pages (sandboxPayRoutes.ts), styled like a payment page: a 收银台 card
 * with the subject, the order number and the amount in 元, a clear 确认支付 and 取消支付, on a
 * phone as on a desktop. The site's Content-Security-Policy holds (infra/http/
 * contentSecurityPolicy.ts): no script at all; the one <style> element is allowed by its
 * style-src 'unsafe-inline'. Every value is escaped.
 */

export interface SandboxOrderView {
  orderNo: string;
  subject: string;
  amountFen: number;
  coins: number;
}

export interface SandboxFormView {
  action: string;
  token: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f4f5f7;color:#1f2329;font:15px/1.6 "PingFang SC","Noto Sans CJK SC","Microsoft YaHei",system-ui,sans-serif;display:flex;justify-content:center;align-items:flex-start}
main{width:100%;max-width:440px;margin:48px 16px;background:#fff;border-radius:12px;box-shadow:0 8px 28px rgba(0,0,0,.08);overflow:hidden}
header{padding:16px 20px;background:#16181d;color:#fff;display:flex;justify-content:space-between;align-items:center}
header h1{margin:0;font-size:18px}
.badge{font-size:12px;padding:2px 8px;border-radius:10px;background:#8a5300;color:#fff}
.amount{padding:24px 20px 8px;text-align:center}
.amount .label{margin:0;color:#5c6370;font-size:13px}
.amount .value{margin:4px 0 0;font-size:36px;font-weight:700;color:#a00d25;font-variant-numeric:tabular-nums}
.amount .value small{font-size:16px;margin-left:4px;color:#1f2329;font-weight:400}
dl{margin:8px 20px 0;padding:12px 0;border-top:1px solid #e3e5e8;display:grid;grid-template-columns:max-content 1fr;gap:8px 16px}
dt{color:#5c6370}
dd{margin:0;text-align:right;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
form{padding:16px 20px 20px;display:grid;gap:10px}
button{width:100%;min-height:48px;border-radius:8px;font:inherit;font-size:16px;cursor:pointer}
button:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.pay{border:0;background:#c8102e;color:#fff;font-weight:700}
.pay:hover{background:#a00d25}
.cancel{border:1px solid #e3e5e8;background:#fff;color:#1f2329}
.fail{min-height:44px;border:0;background:none;color:#5c6370;font-size:13px;text-decoration:underline}
.note{margin:0;padding:0 20px 20px;color:#5c6370;font-size:12px;text-align:center}
.result{padding:32px 20px;text-align:center}
.result p{margin:0}
.result .state{font-size:20px;font-weight:700}
.result[data-tone=ok] .state{color:#1b7a43}
.result[data-tone=bad] .state{color:#c62828}
.result .hint{margin-top:8px;color:#5c6370}
@media (max-width:500px){main{margin:0;min-height:100vh;border-radius:0;box-shadow:none}}
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);
}

/** Fen as 元 with two decimals: 600 → "6.00". */
export function yuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

function orderFacts(order: SandboxOrderView): string {
  return `<section class="amount" aria-label="支付金额">
<p class="label">支付金额</p>
<p class="value" data-testid="pay-amount">${yuan(order.amountFen)}<small>元</small></p>
</section>
<dl>
<dt>商品</dt><dd>${escapeHtml(order.subject)}</dd>
<dt>金币</dt><dd>${order.coins} 金币</dd>
<dt>订单号</dt><dd data-testid="pay-order-no">${escapeHtml(order.orderNo)}</dd>
</dl>`;
}

/** The page of an order: its facts and, while it can be paid, the buttons; else its state. */
export function sandboxOrderPage(order: SandboxOrderView, form: SandboxFormView | null, state: string): string {
  const actions = form
    ? `<form method="get" action="${escapeHtml(form.action)}">
<input type="hidden" name="token" value="${escapeHtml(form.token)}">
<button type="submit" class="pay" name="action" value="pay">确认支付</button>
<button type="submit" class="cancel" name="action" value="cancel">取消支付</button>
<button type="submit" class="fail" name="action" value="fail">模拟支付失败</button>
</form>
<p class="note">沙箱环境：不会产生真实扣款</p>`
    : `<div class="result"><p class="state">订单状态：${escapeHtml(state)}</p></div>`;
  return sandboxPage(`${orderFacts(order)}\n${actions}`);
}

/** The page after a button: what happened, and where to look next. */
export function sandboxResultPage(text: string, tone: 'ok' | 'bad', hint: string): string {
  return sandboxPage(`<div class="result" role="status" data-tone="${tone}"><p class="state">${escapeHtml(text)}</p><p class="hint">${escapeHtml(hint)}</p></div>`);
}

function sandboxPage(body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>收银台 - 沙箱支付</title>
<style>${STYLE}</style></head>
<body>
<main>
<header><h1>收银台</h1><span class="badge">沙箱支付</span></header>
${body}
</main>
</body></html>
`;
}

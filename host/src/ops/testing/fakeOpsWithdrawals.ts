import type { OpsWithdrawal } from '@sports/shared';
import type { SentRequest } from './fakeOpsServer';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function fakeWithdrawal(id: number, overrides: Partial<OpsWithdrawal> = {}): OpsWithdrawal {
  return {
    id,
    order_no: `W20261125000000000000000${id}`,
    amount_fen: 2_000 * id,
    coins: 200 * id,
    state: 'pending',
    account: 'card',
    account_masked: '**** **** **** 0007',
    bank_name: '招商银行',
    reject_reason: null,
    created_at: '2026-11-25T02:00:00.000Z',
    reviewed_at: null,
    user_id: 300 + id,
    user_nickname: `主播${id}`,
    real_name: '张*三',
    holder: '张*三',
    reviewed_by: null,
    ...overrides,
  };
}

/**
 * `api/ops/withdrawals` in memory behind a fake `fetch` (reviewing twice is refused as the server
 * does; pages of `page_size` by an id cursor); other requests go to `fallback`.
 */
export function createFakeOpsWithdrawals(token: string, fallback: Fetch) {
  const sent: SentRequest[] = [];
  const withdrawals: OpsWithdrawal[] = [];
  const envelope = (data: unknown, status = 200, code = 200, msg = '') => new Response(JSON.stringify({ code, msg, data }), { status });

  const fetchImpl: Fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://site.test');
    if (!url.pathname.startsWith('/api/ops/withdrawals')) return fallback(input, init);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    sent.push({ method, path: `${url.pathname}${url.search}`, headers, body });
    if (headers['x-ops-token'] !== token) return envelope(null, 403, 1, '需要运维权限');

    if (method === 'GET' && url.pathname === '/api/ops/withdrawals') {
      const state = url.searchParams.get('state') ?? 'pending';
      const size = Number(url.searchParams.get('page_size') ?? 20);
      const cursor = url.searchParams.get('cursor');
      const rows = withdrawals.filter((row) => row.state === state && (cursor === null || row.id > Number(cursor)));
      const page = rows.slice(0, size);
      return envelope({ list: structuredClone(page), next_cursor: rows.length > size ? String(page.at(-1)?.id) : null });
    }
    const review = /^\/api\/ops\/withdrawals\/(\d+)\/(approve|reject)$/.exec(url.pathname);
    if (method === 'POST' && review) {
      const row = withdrawals.find((candidate) => candidate.id === Number(review[1]));
      if (!row) return envelope(null, 404, 1, '提现申请不存在');
      if (row.state !== 'pending') return envelope(null, 409, 1, '该提现申请已审核，不能重复审核');
      Object.assign(row, { reviewed_at: '2026-11-25T03:00:00.000Z', reviewed_by: 'ops' });
      if (review[2] === 'approve') row.state = 'paid';
      else Object.assign(row, { state: 'rejected', reject_reason: String(body?.reason).trim() });
      return envelope({ withdrawal: structuredClone(row) });
    }
    return envelope(null, 404, 1, '接口不存在');
  };

  return { fetch: fetchImpl, sent, withdrawals };
}

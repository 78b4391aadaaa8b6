import type { OpsChargeRule, SaveChargeRuleRequest } from '@sports/shared';
import type { SentRequest } from './fakeOpsServer';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function fakeChargeRule(id: number, overrides: Partial<OpsChargeRule> = {}): OpsChargeRule {
  return { id, price_fen: 600 * id, coins: 60 * id, bonus_coins: 0, enabled: true, sort: id, created_at: '2026-11-20T04:00:00.000Z', ...overrides };
}

/**
 * `api/ops/chargeRules` in memory behind a fake `fetch` (the ops token checked, packages kept in
 * the members' order: sort, then id). Other requests go to `fallback`, so the whole ops page runs on one fetch.
 */
export function createFakeChargeRules(token: string, fallback: Fetch) {
  const sent: SentRequest[] = [];
  const rules: OpsChargeRule[] = [];
  let refusal: string | null = null;
  const envelope = (data: unknown, status = 200, code = 200, msg = '') => new Response(JSON.stringify({ code, msg, data }), { status });
  const ordered = () => [...rules].sort((a, b) => a.sort - b.sort || a.id - b.id);

  const fetchImpl: Fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://site.test');
    if (url.pathname !== '/api/ops/chargeRules') return fallback(input, init);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as SaveChargeRuleRequest) : undefined;
    sent.push({ method, path: url.pathname, headers, body });
    if (headers['x-ops-token'] !== token) return envelope(null, 403, 1, '需要运维权限');
    if (method === 'GET') return envelope(structuredClone(ordered()));
    if (method !== 'POST' || !body) return envelope(null, 404, 1, '接口不存在');
    if (refusal) {
      const message = refusal;
      refusal = null;
      return envelope(null, 200, 1, message);
    }
    const { id, ...fields } = body;
    if (id === undefined) {
      const created: OpsChargeRule = { id: Math.max(0, ...rules.map((rule) => rule.id)) + 1, ...fields, created_at: '2026-11-20T05:00:00.000Z' };
      rules.push(created);
      return envelope(created);
    }
    const existing = rules.find((rule) => rule.id === id);
    if (!existing) return envelope(null, 404, 1, '充值套餐不存在');
    Object.assign(existing, fields);
    return envelope(structuredClone(existing));
  };

  return {
    fetch: fetchImpl,
    sent,
    rules,
    posts: () => sent.filter((request) => request.method === 'POST'),
    /** The next save is refused with `msg` (code 1). */
    refuseNext: (msg: string) => {
      refusal = msg;
    },
  };
}

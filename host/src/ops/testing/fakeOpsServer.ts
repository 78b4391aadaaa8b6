import type { AuditEntry, RemoteName, RolloutState } from '@sports/shared';

export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Release = RolloutState['releases'][number];

export function fakeRelease(remote: RemoteName, releaseId: string, loads = 0, errors = 0): Release {
  return {
    remote,
    releaseId,
    version: releaseId.split('-')[0] ?? '',
    manifestUrl: `/web/releases/${remote.replace('_', '-')}/${releaseId}/mf-manifest.json`,
    createdAt: '2025-11-22T05:14:03.000Z',
    createdBy: 'squad',
    health: { loads, errors, errorRate: loads + errors === 0 ? 0 : errors / (loads + errors), windowSeconds: 300 },
  };
}

/**
 * A small in-memory control plane behind a fake `fetch`: the ops routes with the token check,
 * canary / promote / rollback changing the state, and each operation audited.
 */
export function createFakeOpsServer(token: string, states: RolloutState[]) {
  const sent: SentRequest[] = [];
  const audit: AuditEntry[] = [];
  const refusals = new Map<string, string>();
  let nextId = 1;

  const envelope = (data: unknown, status = 200, code = 200, msg = '') => new Response(JSON.stringify({ code, msg, data }), { status });

  function record(remote: RemoteName, action: AuditEntry['action'], releaseId: string | null, reason: string, actor = 'ops') {
    audit.unshift({ id: nextId++, remote, action, releaseId, actor, reason, detail: {}, at: '2025-11-22T06:00:00.000Z' });
  }

  function operate(remote: RemoteName, operation: string, body: Record<string, unknown>): void {
    const state = states.find((candidate) => candidate.remote === remote);
    if (!state) throw new Error(`unknown remote ${remote}`);
    const reason = String(body.reason);
    if (operation === 'canary') {
      state.candidate = String(body.releaseId);
      state.candidatePercent = Number(body.percent);
      record(remote, 'canary', state.candidate, reason);
    } else if (operation === 'promote') {
      record(remote, 'promote', state.candidate, reason);
      state.stable = state.candidate;
      state.candidate = null;
      state.candidatePercent = 0;
    } else if (typeof body.toReleaseId === 'string') {
      state.stable = body.toReleaseId;
      if (state.candidate === body.toReleaseId) state.candidate = null;
      record(remote, 'rollback', body.toReleaseId, reason);
    } else {
      record(remote, 'rollback', state.candidate, reason);
      state.candidate = null;
      state.candidatePercent = 0;
    }
  }

  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://site.test');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    sent.push({ method, path: `${url.pathname}${url.search}`, headers, body });
    if (headers['x-ops-token'] !== token) return envelope(null, 403, 1, '需要运维权限');
    if (method === 'GET' && url.pathname === '/api/mf/rollouts') return envelope(structuredClone(states));
    if (method === 'GET' && url.pathname === '/api/mf/audit') return envelope(structuredClone(audit));
    if (method === 'POST' && url.pathname === '/api/mf/overrides' && body) {
      const refusal = refusals.get('override');
      if (refusal) return envelope(null, 200, 1, refusal);
      const token = `signed.${String(body.remote)}.${String(body.releaseId)}`;
      const expiresAt = new Date(Date.parse('2025-11-22T06:00:00.000Z') + Number(body.minutes) * 60_000).toISOString();
      return envelope({ remote: body.remote, releaseId: body.releaseId, token, expiresAt, url: `/web/?mf_override=${token}` });
    }
    const match = /^\/api\/mf\/rollouts\/(mf_[a-z]+)\/(canary|promote|rollback)$/.exec(url.pathname);
    if (method === 'POST' && match?.[1] && match[2] && body) {
      const refusal = refusals.get(match[2]);
      if (refusal) return envelope(null, 400, 1, refusal);
      operate(match[1] as RemoteName, match[2], body);
      return envelope(null);
    }
    return envelope(null, 404, 1, '接口不存在');
  };

  return {
    fetch: fetchImpl,
    sent,
    audit,
    states,
    posts: () => sent.filter((request) => request.method === 'POST'),
    /** The next operations of this kind are refused with `msg` (code 1). */
    refuse: (operation: 'canary' | 'promote' | 'rollback' | 'override', msg: string) => refusals.set(operation, msg),
    revokeToken: () => (token = `${token}-revoked`),
  };
}

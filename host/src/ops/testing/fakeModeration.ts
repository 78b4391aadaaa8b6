import type { ModerationReportGroup, SensitiveWord } from '@sports/shared';
import type { SentRequest } from './fakeOpsServer';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function fakeReportGroup(reportId: number, overrides: Partial<ModerationReportGroup> = {}): ModerationReportGroup {
  return {
    report_id: reportId,
    kind: 'post',
    target_id: String(100 + reportId),
    count: 2,
    reasons: [
      { reason: 'spam', count: 1 },
      { reason: 'abuse', count: 1 },
    ],
    texts: ['一直发广告'],
    first_at: '2026-11-25T02:00:00.000Z',
    last_at: '2026-11-25T02:10:00.000Z',
    target: { author_id: 500 + reportId, author_nickname: `作者${reportId}`, excerpt: `动态内容 ${reportId}`, hidden: false, banned_until: null },
    audit: [],
    ...overrides,
  };
}

/**
 * `api/ops/moderation/*` in memory behind a fake `fetch`: the word list (normalised to lower case
 * and without spaces, duplicates skipped) and the report queue (an action resolves the group,
 * dismissing twice is refused as the server does); other requests go to `fallback`.
 */
export function createFakeModeration(token: string, fallback: Fetch) {
  const sent: SentRequest[] = [];
  const words: SensitiveWord[] = [];
  const groups: Array<ModerationReportGroup & { state: 'open' | 'actioned' | 'dismissed' }> = [];
  let version = 1;
  let nextId = 1;
  const envelope = (data: unknown, status = 200, code = 200, msg = '') => new Response(JSON.stringify({ code, msg, data }), { status });
  const normalize = (word: string) => word.toLowerCase().replace(/\s+/g, '');

  const fetchImpl: Fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://site.test');
    if (!url.pathname.startsWith('/api/ops/moderation')) return fallback(input, init);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    sent.push({ method, path: `${url.pathname}${url.search}`, headers, body });
    if (headers['x-ops-token'] !== token) return envelope(null, 403, 1, '需要运维权限');

    if (url.pathname === '/api/ops/moderation/words') {
      if (method === 'GET') return envelope({ words: structuredClone(words), max: 5000, version });
      const add = ((body?.add as string[] | undefined) ?? []).map(normalize);
      const remove = ((body?.remove as string[] | undefined) ?? []).map(normalize);
      if (add.length === 0 && remove.length === 0) return envelope(null, 200, 1, '请填写要添加或删除的敏感词');
      const removed = remove.filter((word) => words.some((row) => row.word === word));
      for (const word of removed) words.splice(words.findIndex((row) => row.word === word), 1);
      const added = [...new Set(add)].filter((word) => !words.some((row) => row.word === word));
      for (const word of added) words.push({ id: nextId++, word, created_by: 'ops', created_at: '2026-11-25T03:00:00.000Z' });
      version += 1;
      return envelope({ added, removed, total: words.length, version });
    }
    if (method === 'GET' && url.pathname === '/api/ops/moderation/reports') {
      const state = url.searchParams.get('state') ?? 'open';
      const cursor = url.searchParams.get('cursor');
      const rows = groups.filter((group) => group.state === state && (cursor === null || group.report_id < Number(cursor))).sort((a, b) => b.report_id - a.report_id);
      const page = rows.slice(0, 20).map(({ state: _state, ...group }) => group);
      return envelope({ list: structuredClone(page), next_cursor: rows.length > 20 ? String(page.at(-1)?.report_id) : null });
    }
    const action = /^\/api\/ops\/moderation\/reports\/(\d+)\/([a-z]+)$/.exec(url.pathname);
    if (method === 'POST' && action) {
      const group = groups.find((candidate) => candidate.report_id === Number(action[1]));
      if (!group) return envelope(null, 404, 1, '举报不存在');
      const name = action[2] as string;
      if (name === 'dismiss' && group.state !== 'open') return envelope(null, 200, 1, '该举报已处理');
      const resolved = name === 'unhide' || group.state !== 'open' ? 0 : group.count;
      if (name === 'hide' && group.target) group.target.hidden = true;
      if (name === 'unhide' && group.target) group.target.hidden = false;
      if (name !== 'unhide' && group.state === 'open') group.state = name === 'dismiss' ? 'dismissed' : 'actioned';
      group.audit.unshift({ id: nextId++, actor: 'ops', action: name, detail: body ?? {}, created_at: '2026-11-25T03:00:00.000Z' });
      return envelope({ action: name, kind: group.kind, target_id: group.target_id, resolved_reports: resolved });
    }
    return envelope(null, 404, 1, 'not found');
  };

  return { fetch: fetchImpl, sent, words, groups };
}

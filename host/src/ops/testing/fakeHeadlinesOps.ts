import type { HeadlineState, OpsHeadline, OpsHeadlineWrite } from '@sports/shared';
import type { SentRequest } from './fakeOpsServer';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function fakeOpsHeadline(id: number, overrides: Partial<OpsHeadline> = {}): OpsHeadline {
  return {
    id,
    title: `文章 ${id}`,
    summary: `摘要 ${id}`,
    cover: null,
    category: 'football',
    author: '编辑部',
    body: `正文 ${id}`,
    related_match_ids: [],
    state: 'published',
    source: 'editor',
    published_at: '2026-11-20T04:00:00.000Z',
    created_at: '2026-11-20T04:00:00.000Z',
    updated_at: `2026-11-20T04:00:${String(id % 60).padStart(2, '0')}.000Z`,
    view_count: id * 10,
    like_count: id,
    comment_count: 0,
    ...overrides,
  };
}

const CATEGORIES = [
  { id: 1, key: 'football', name: '足球' },
  { id: 2, key: 'basketball', name: '篮球' },
  { id: 3, key: 'esports', name: '电竞' },
  { id: 4, key: 'general', name: '综合' },
];

/** What the fake's preview answers: the body escaped inside a paragraph (the real renderer is tested on the server). */
export function fakePreviewHtml(body: string): string {
  return `<p>${body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
}

/**
 * `api/ops/headlines` and `api/Headlines/classifyList` in memory behind a fake `fetch` (ops token
 * checked; pages of `pageSize` by an index cursor). Other requests go to `fallback`.
 */
export function createFakeHeadlinesOps(token: string, fallback: Fetch, pageSize = 20) {
  const sent: SentRequest[] = [];
  const headlines: OpsHeadline[] = [];
  let refusal: string | null = null;
  let clock = 0;
  const envelope = (data: unknown, status = 200, code = 200, msg = '') => new Response(JSON.stringify({ code, msg, data }), { status });
  const ordered = () => [...headlines].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
  const stamp = () => new Date(Date.UTC(2026, 10, 21, 0, 0, ++clock)).toISOString();

  const fetchImpl: Fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://site.test');
    if (url.pathname === '/api/Headlines/classifyList') return envelope(CATEGORIES);
    if (!url.pathname.startsWith('/api/ops/headlines')) return fallback(input, init);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ method, path: `${url.pathname}${url.search}`, headers, body });
    if (headers['x-ops-token'] !== token) return envelope(null, 403, 1, '需要运维权限');
    if (refusal && method === 'POST') {
      const message = refusal;
      refusal = null;
      return envelope(null, 200, 1, message);
    }
    const rest = url.pathname.slice('/api/ops/headlines'.length);
    if (method === 'GET' && rest === '') {
      const state = url.searchParams.get('state');
      const all = ordered().filter((headline) => state === null || headline.state === state);
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const list = all.slice(start, start + pageSize);
      return envelope({ list: structuredClone(list), next_cursor: start + pageSize < all.length ? String(start + pageSize) : null });
    }
    if (method === 'POST' && rest === '/preview') return envelope({ body_html: fakePreviewHtml(String(body?.body ?? '')) });
    if (method === 'POST' && rest === '') {
      const write = body as unknown as OpsHeadlineWrite;
      const id = Math.max(0, ...headlines.map((headline) => headline.id)) + 1;
      const at = stamp();
      const created = fakeOpsHeadline(id, {
        ...write,
        summary: write.summary ?? '',
        cover: write.cover ?? null,
        author: write.author || 'ops',
        related_match_ids: write.related_match_ids ?? [],
        state: 'draft',
        published_at: null,
        created_at: at,
        updated_at: at,
        view_count: 0,
        like_count: 0,
      });
      headlines.push(created);
      return envelope(created);
    }
    const match = /^\/(\d+)(\/state)?$/.exec(rest);
    const headline = match ? headlines.find((item) => item.id === Number(match[1])) : undefined;
    if (method === 'POST' && headline) {
      if (match?.[2]) {
        const state = (body as { state: HeadlineState }).state;
        if (headline.state !== state) {
          headline.state = state;
          headline.updated_at = stamp();
          if (state === 'published' && headline.published_at === null) headline.published_at = headline.updated_at;
        }
      } else {
        const write = body as unknown as OpsHeadlineWrite;
        Object.assign(headline, { ...write, cover: write.cover ?? null, related_match_ids: write.related_match_ids ?? [], updated_at: stamp() });
      }
      return envelope(structuredClone(headline));
    }
    return envelope(null, 200, 1, '文章不存在或已下线');
  };

  return {
    fetch: fetchImpl,
    sent,
    headlines,
    /** The next POST is refused with this message. */
    refuseNext(message: string) {
      refusal = message;
    },
  };
}

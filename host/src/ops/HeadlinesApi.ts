import type { HeadlineCategory, HeadlineState, OpsHeadline, OpsHeadlinePage, OpsHeadlinePreview, OpsHeadlineWrite } from '@sports/shared';
import { OPS_PAGE_SIZE, OPS_TOKEN_HEADER, OpsForbiddenError, OpsRequestError } from './opsApi';

/** The ops headline editor's calls (`api/ops/headlines`, server/src/community/headlines/), over fetch with the ops token. */
export interface HeadlinesApi {
  categories(): Promise<HeadlineCategory[]>;
  list(state: HeadlineState | null, cursor: string | null): Promise<OpsHeadlinePage>;
  create(write: OpsHeadlineWrite): Promise<OpsHeadline>;
  edit(id: number, write: OpsHeadlineWrite): Promise<OpsHeadline>;
  setState(id: number, state: HeadlineState): Promise<OpsHeadline>;
  preview(body: string): Promise<OpsHeadlinePreview>;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export function createHeadlinesApi(token: string, forbiddenMessage: string): HeadlinesApi {
  async function call<Data>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Data> {
    const headers: Record<string, string> = { [OPS_TOKEN_HEADER]: token, 'X-Requested-With': 'XMLHttpRequest' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = (await response.json().catch(() => null)) as Envelope | null;
    if (response.status === 403) throw new OpsForbiddenError(forbiddenMessage);
    if (!answer || typeof answer.code !== 'number') throw new OpsRequestError(`HTTP ${response.status}`);
    if (answer.code !== 200) throw new OpsRequestError(answer.msg || `HTTP ${response.status}`);
    return answer.data as Data;
  }
  return {
    categories: () => call('GET', '/api/Headlines/classifyList'),
    list: (state, cursor) =>
      call('GET', `/api/ops/headlines?page_size=${OPS_PAGE_SIZE}${state === null ? '' : `&state=${state}`}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`),
    create: (write) => call('POST', '/api/ops/headlines', write),
    edit: (id, write) => call('POST', `/api/ops/headlines/${id}`, write),
    setState: (id, state) => call('POST', `/api/ops/headlines/${id}/state`, { state }),
    preview: (body) => call('POST', '/api/ops/headlines/preview', { body }),
  };
}

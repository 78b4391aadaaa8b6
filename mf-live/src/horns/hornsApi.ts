import type { ApiClient, HornPage, SneHornResult } from '@sports/shared';
import { IDEMPOTENCY_HEADER } from '../api/liveApi';

/** The horn endpoints mf-live calls (server/README.md lists them). */
export const HORN_PATHS = {
  sneHorn: 'api/Member/sneHorn',
  hornList: 'api/Member/hornList',
} as const;

/** Horns over the page's API client: a paid send takes one Idempotency-Key per attempt. */
export function hornsApi(api: ApiClient) {
  return {
    /** Recent horns (newest first) and the price of one. */
    hornList: (cursor?: string) => api.get<HornPage>(HORN_PATHS.hornList, cursor === undefined ? { page_size: 5 } : { page_size: 5, cursor }),
    sneHorn: async (text: string, idempotencyKey: string) =>
      (await api.request<SneHornResult>({ method: 'GET', url: HORN_PATHS.sneHorn, params: { text }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data,
  };
}

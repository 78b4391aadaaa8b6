import type { ApiClient, BarrageList, BarrageSendQuery, BarrageSendResult } from '@sports/shared';
import { IDEMPOTENCY_HEADER } from '../api/liveApi';

/** The barrage endpoints mf-live calls (server/README.md lists them). */
export const BARRAGE_PATHS = {
  list: 'api/Barrage/getList',
  send: 'api/Barrage/send',
} as const;

/** Barrage over the page's API client: a send carries its attempt's Idempotency-Key (a paid style needs it). */
export function barrageApi(api: ApiClient) {
  return {
    /** The styles on offer and the room's recent danmaku, oldest first. */
    list: (roomId: number) => api.get<BarrageList>(BARRAGE_PATHS.list, { room_id: roomId }),
    send: async (query: BarrageSendQuery, idempotencyKey: string) =>
      (await api.request<BarrageSendResult>({ method: 'GET', url: BARRAGE_PATHS.send, params: query, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data,
  };
}

import type { ApiClient, GuardBuyQuery, GuardBuyResult, GuardRoomList, GuardTierList } from '@sports/shared';
import { IDEMPOTENCY_HEADER } from '../api/liveApi';

/** The guard calls (server/src/wallet/guards/; SPEC.md section 7: api/Guard/getList, api/guard_user/buy). */
export const GUARD_PATHS = {
  tiers: 'api/Guard/getList',
  roomList: 'api/Guard/roomList',
  buy: 'api/guard_user/buy',
} as const;

export function guardApi(api: ApiClient) {
  return {
    /** The tiers on sale, lowest first: monthly price, badge colour, privileges. */
    tiers: () => api.get<GuardTierList>(GUARD_PATHS.tiers),
    /** The room's active guards (highest tier first) and the viewer's own (null: none, or a visitor). */
    roomList: (roomId: number) => api.get<GuardRoomList>(GUARD_PATHS.roomList, { room_id: roomId }),
    /**
     * Buys, renews or upgrades a guard of the room. `idempotencyKey` is one purchase attempt's key:
     * a retry of the same attempt passes the same key and the server answers the first result.
     */
    buy: async (query: GuardBuyQuery, idempotencyKey: string) =>
      (await api.request<GuardBuyResult>({ method: 'GET', url: GUARD_PATHS.buy, params: query, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data,
  };
}

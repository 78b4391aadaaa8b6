import type { ApiClient, Lottery, LotteryCancelResult, LotteryCondition, LotteryCreateResult, LotteryEnterResult, LotteryList } from '@sports/shared';
import { IDEMPOTENCY_HEADER } from '../api/liveApi';

/** The lottery endpoints mf-live calls (server/src/lotteries/README.md). */
export const LOTTERY_PATHS = {
  list: 'api/Lottery/list',
  info: 'api/Lottery/info',
  create: 'api/Lottery/create',
  enter: 'api/Lottery/enter',
  cancel: 'api/Lottery/cancel',
} as const;

export type LotteryCreateParams = {
  room_id: number;
  prize_coins?: number;
  prize_item?: string;
  winners: number;
  window_seconds: number;
  condition: LotteryCondition;
  password?: string;
  medal_level?: number;
};

export function lotteriesApi(api: ApiClient) {
  return {
    roomList: (roomId: number) => api.get<LotteryList>(LOTTERY_PATHS.list, { room_id: roomId }),
    info: (lotteryId: number) => api.get<Lottery>(LOTTERY_PATHS.info, { lottery_id: lotteryId }),
    /** One Idempotency-Key per attempt: a retry of the same attempt is answered with its first lottery. */
    create: async (params: LotteryCreateParams, idempotencyKey: string) =>
      (await api.request<LotteryCreateResult>({ method: 'POST', url: LOTTERY_PATHS.create, params, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data,
    enter: async (lotteryId: number) => (await api.request<LotteryEnterResult>({ method: 'POST', url: LOTTERY_PATHS.enter, params: { lottery_id: lotteryId } })).data,
    cancel: async (lotteryId: number) => (await api.request<LotteryCancelResult>({ method: 'POST', url: LOTTERY_PATHS.cancel, params: { lottery_id: lotteryId } })).data,
  };
}

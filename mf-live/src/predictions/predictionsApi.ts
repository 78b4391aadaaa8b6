import type { ApiClient, Prediction, PredictionCreateRequest, PredictionList, PredictionStakeResult } from '@sports/shared';
import { IDEMPOTENCY_HEADER } from '../api/liveApi';

/** The prediction endpoints mf-live calls (server/src/predictions/README.md). */
export const PREDICTION_PATHS = {
  list: 'api/Prediction/list',
  info: 'api/Prediction/info',
  create: 'api/Prediction/create',
  stake: 'api/Prediction/stake',
  cancel: 'api/Prediction/cancel',
} as const;

export function predictionsApi(api: ApiClient) {
  return {
    roomList: (roomId: number) => api.get<PredictionList>(PREDICTION_PATHS.list, { room_id: roomId, limit: 10 }),
    create: (request: PredictionCreateRequest) => api.post<Prediction>(PREDICTION_PATHS.create, request),
    cancel: (id: number) => api.post<Prediction>(PREDICTION_PATHS.cancel, { id }),
    /** A stake takes one Idempotency-Key per attempt (a retry of the same attempt reuses it). */
    stake: async (id: number, outcome: number, amount: number, idempotencyKey: string) =>
      (await api.request<PredictionStakeResult>({ method: 'POST', url: PREDICTION_PATHS.stake, data: { id, outcome, amount }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data,
  };
}

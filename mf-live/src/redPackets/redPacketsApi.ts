import type { ApiClient, RedPacket, RedPacketCreateResult, RedPacketGrabResult, RedPacketList } from '@sports/shared';
import { IDEMPOTENCY_HEADER } from '../api/liveApi';

/** The red packet endpoints mf-live calls (server/src/redPackets/README.md). */
export const RED_PACKET_PATHS = {
  list: 'api/RedPacket/list',
  info: 'api/RedPacket/info',
  create: 'api/RedPacket/create',
  grab: 'api/RedPacket/grab',
} as const;

export type RedPacketCreateParams = {
  room_id: number;
  total_coins: number;
  shares: number;
  followers_only?: 0 | 1;
  password?: string;
};

export function redPacketsApi(api: ApiClient) {
  return {
    roomList: (roomId: number) => api.get<RedPacketList>(RED_PACKET_PATHS.list, { room_id: roomId }),
    info: (packetId: number) => api.get<RedPacket>(RED_PACKET_PATHS.info, { packet_id: packetId }),
    /** One Idempotency-Key per attempt: a retry of the same attempt is answered with its first packet. */
    create: async (params: RedPacketCreateParams, idempotencyKey: string) =>
      (await api.request<RedPacketCreateResult>({ method: 'POST', url: RED_PACKET_PATHS.create, params, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data,
    grab: async (packetId: number) => (await api.request<RedPacketGrabResult>({ method: 'POST', url: RED_PACKET_PATHS.grab, params: { packet_id: packetId } })).data,
  };
}

import type { ChatRedPacketEvent } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { FinishedPacket, PacketRow } from './redPacketService';

/** The chat's port red packets speak through (`app.chatHub.announceRedPacket`). */
export interface RedPacketOutlet {
  announceRedPacket(ownerId: number, text: string, event: ChatRedPacketEvent): void;
}

function base(packet: PacketRow, funderNickname: string): Omit<ChatRedPacketEvent, 'event'> {
  return {
    packetId: packet.id,
    roomId: packet.room_id,
    funderNickname,
    totalCoins: packet.total_coins,
    shares: packet.shares,
    followersOnly: packet.followers_only,
    password: packet.password,
    expiresAt: packet.expires_at.getTime(),
    seedHash: packet.seed_hash,
  };
}

/**
 * After commit, the room hears it: a failed delivery is logged and goes no further (the coins
 * moved; the packet is read from the database by api/RedPacket/info), like the wallet's tellTheRoom.
 */
function tell(outlet: RedPacketOutlet, log: FastifyBaseLogger, ownerId: number, text: string, event: ChatRedPacketEvent): void {
  try {
    outlet.announceRedPacket(ownerId, text, event);
  } catch (error) {
    log.error({ err: error, packetId: event.packetId, event: event.event }, 'red packets: telling the room failed after commit');
  }
}

export function announceOpened(outlet: RedPacketOutlet, log: FastifyBaseLogger, packet: PacketRow, funderNickname: string): void {
  const how = packet.password !== null ? `口令红包，发送「${packet.password}」即可参与` : packet.followers_only ? '关注主播即可抢' : '快来抢';
  tell(outlet, log, packet.owner_id, `${funderNickname} 发了一个红包（${packet.total_coins} 金币，${packet.shares} 个），${how}`, { event: 'opened', ...base(packet, funderNickname) });
}

export function announceGrabbed(outlet: RedPacketOutlet, log: FastifyBaseLogger, packet: PacketRow, funderNickname: string, memberNickname: string, amount: number): void {
  tell(outlet, log, packet.owner_id, `${memberNickname} 抢到了 ${funderNickname} 的红包，获得 ${amount} 金币`, { event: 'grabbed', ...base(packet, funderNickname), memberNickname, amount });
}

export function announceFinished(outlet: RedPacketOutlet, log: FastifyBaseLogger, finished: FinishedPacket, funderNickname: string, luckiestNickname: string | null): void {
  const { packet, luckiest, refunded } = finished;
  const lucky = luckiest !== null && luckiestNickname !== null ? { nickname: luckiestNickname, amount: luckiest.amount } : null;
  const text = lucky !== null ? `${funderNickname} 的红包已结束，手气最佳：${lucky.nickname}（${lucky.amount} 金币）` : `${funderNickname} 的红包已结束`;
  tell(outlet, log, packet.owner_id, refunded > 0 ? `${text}，未领取的 ${refunded} 金币已退回` : text, { event: 'finished', ...base(packet, funderNickname), seed: packet.seed, luckiest: lucky, refunded });
}

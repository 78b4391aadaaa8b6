import Type, { type Static } from 'typebox';

/**
 * Red packets (红包, issue 35 section 4; server/src/redPackets/README.md): an anchor or a member
 * funds a packet of N shares from wallet coins; members of the room grab one share each; the split
 * derives from a seed whose sha-256 is shown from the start and which is revealed at the end.
 */

/** Bounds of a packet (the server may be configured tighter). */
export const RED_PACKET_SHARES_MAX = 2_000;
export const RED_PACKET_COINS_MAX = 10_000_000;
export const RED_PACKET_PASSWORD_MAX = 20;

const Id = Type.Integer({ minimum: 1 });
const Coins = Type.Integer({ minimum: 0 });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const RedPacketCreateQuerySchema = Type.Object(
  {
    room_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    /** Whole coins taken from the funder's balance (>= shares: every share at least 1). */
    total_coins: Type.Number(),
    shares: Type.Number(),
    followers_only: Type.Optional(Flag),
    /** 口令: members enter by sending it as a chat line / danmaku in the room. */
    password: Type.Optional(Type.String({ maxLength: RED_PACKET_PASSWORD_MAX })),
    /** Seconds until unclaimed coins go back (default 600; the server's bounds apply). */
    expiry_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
  },
  { additionalProperties: false },
);
export type RedPacketCreateQuery = Static<typeof RedPacketCreateQuerySchema>;

export const RedPacketIdQuerySchema = Type.Object({ packet_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }, { additionalProperties: false });
export const RedPacketListQuerySchema = Type.Object({ room_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }, { additionalProperties: false });

export const RedPacketGrabSchema = Type.Object({
  member_id: Id,
  nickname: Type.String(),
  amount: Coins,
  /** China time, YYYY-MM-DD HH:mm:ss. */
  grabbed_at: Type.String(),
  /** 手气最佳 (shown once the packet finished): the largest share, the earliest grab on a tie. */
  luckiest: Flag,
});
export type RedPacketGrab = Static<typeof RedPacketGrabSchema>;

export const RedPacketSchema = Type.Object({
  id: Id,
  room_id: Id,
  funder_id: Id,
  funder_nickname: Type.String(),
  total_coins: Coins,
  shares: Type.Integer({ minimum: 1 }),
  grabbed_shares: Type.Integer({ minimum: 0 }),
  grabbed_coins: Coins,
  followers_only: Flag,
  /** The 口令 to send in the room's chat, null for none. */
  password: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.Literal('open'), Type.Literal('finished')]),
  /** Epoch ms and China time. */
  expires_at_ms: Type.Number(),
  expires_at: Type.String(),
  created_at: Type.String(),
  /** Coins that went back to the funder (null until finished). */
  refunded_coins: Type.Union([Coins, Type.Null()]),
  /** sha-256 (hex) of the seed, committed at creation; the seed is revealed once finished. */
  seed_hash: Type.String(),
  seed: Type.Union([Type.String(), Type.Null()]),
  /** The viewer's share (null: not grabbed, or a guest); whether the viewer entered the 口令. */
  mine: Type.Union([Coins, Type.Null()]),
  entered: Flag,
  grabs: Type.Array(RedPacketGrabSchema),
});
export type RedPacket = Static<typeof RedPacketSchema>;

export const RedPacketListSchema = Type.Object({ list: Type.Array(RedPacketSchema) });
export type RedPacketList = Static<typeof RedPacketListSchema>;

export const RedPacketGrabResultSchema = Type.Object({
  packet_id: Id,
  amount: Coins,
  /** The member's coins after the grab. */
  balance: Coins,
});
export type RedPacketGrabResult = Static<typeof RedPacketGrabResultSchema>;

export const RedPacketCreateResultSchema = Type.Object({ packet: RedPacketSchema, balance: Coins });
export type RedPacketCreateResult = Static<typeof RedPacketCreateResultSchema>;

/** api/ops/redPackets: every packet with its audit trail (the seed, every share, the ledger sets). */
export const OpsRedPacketQuerySchema = Type.Object({ room_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })) }, { additionalProperties: false });
export const OpsRedPacketShareSchema = Type.Object({
  idx: Type.Integer({ minimum: 0 }),
  amount: Coins,
  member_id: Type.Union([Id, Type.Null()]),
  grabbed_at: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  device: Type.Union([Type.String(), Type.Null()]),
  refunded: Flag,
  /** The ledger set that paid it (`red_packet_grab:<packet>:<member>`), null while free. */
  ledger_key: Type.Union([Type.String(), Type.Null()]),
});
export const OpsRedPacketSchema = Type.Object({
  id: Id,
  room_id: Id,
  funder_id: Id,
  total_coins: Coins,
  shares: Type.Integer({ minimum: 1 }),
  followers_only: Flag,
  password: Type.Union([Type.String(), Type.Null()]),
  seed_hash: Type.String(),
  /** Ops see the seed at once (the audit); members once finished. */
  seed: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  refunded_coins: Type.Union([Coins, Type.Null()]),
  funding_set_id: Id,
  refund_set_id: Type.Union([Id, Type.Null()]),
  entries: Type.Integer({ minimum: 0 }),
  share_list: Type.Array(OpsRedPacketShareSchema),
});
export const OpsRedPacketListSchema = Type.Object({ list: Type.Array(OpsRedPacketSchema) });
export type OpsRedPacketList = Static<typeof OpsRedPacketListSchema>;

import Type, { type Static } from 'typebox';
import { RoomStreamStateSchema } from '../schemas/live';
import { FanAlertSchema } from '../schemas/notify';
import { CHAT_MESSAGE_MAX_LENGTH } from './chatClient';
import { CHAT_ERROR_CODES, CHAT_LOGIN_FAILURES, CHAT_PROTOCOL_VERSION } from './protocolLimits';

export * from './protocolLimits';

/**
 * The wire protocol of the built-in chat: JSON text frames over the WebSocket at `/ws/chat`
 * (system config `im.socketPath`). One connection, one identity; the client logs in first.
 *
 * Sequence of a session:
 *   client `login` (v, userId, userSig)     → server `login-result` (ok, profile | reason)
 *   client `join` (groupId)                 → server `join-status`, then `history` (last messages)
 *   client `send` (ref, groupId, kind, text) → server `ack` (ref, message) or `refused` (ref, refusal)
 *   every member of the group (the sender too) → server `message` (the same bytes for all)
 *   muted / unmuted / made admin...          → server `notice` (C2C system notice)
 *   a member's horn (api/Member/sneHorn)      → server `horn` to every logged-in connection
 *   client `count`, `profile`, `create-group`, `ping` → `count`, `profile-updated`, `group-created`, `pong`
 *   anything malformed or not allowed        → server `error` (code, zh-CN message; ref when known)
 *
 * Every request may carry a `ref` (the client's own id, at most 64 characters): the answer to it
 * echoes the ref, so the client can match answers to requests. `send` must carry one.
 * A `message` frame is also sent to its sender: clients drop message ids they already have
 * (the ack gives the id first), which also covers resends and reconnects.
 *
 * Bounds: frames over CHAT_MAX_FRAME_BYTES are answered with `error` (and a much larger frame
 * closes the connection); too many bad frames close it (code 1008). Texts longer than
 * CHAT_MESSAGE_MAX_LENGTH characters are refused with `too-long`, not rejected as bad frames.
 */
// Its constants (version, frame bound, timeouts, history size): protocolLimits.ts.
// Close codes: SocketCloseCode (realtime/closeCodes.ts), one table with the live-data socket's.

const Ref = Type.String({ minLength: 1, maxLength: 64 });
/** A group id is the anchor's user id as a decimal string. */
export const ChatGroupIdSchema = Type.String({ pattern: '^[1-9][0-9]{0,15}$' });
const UserId = Type.String({ minLength: 1, maxLength: 64 });

// ---- client → server ----

export const ChatLoginFrameSchema = Type.Object({
  type: Type.Literal('login'),
  /** CHAT_PROTOCOL_VERSION the client speaks. */
  v: Type.Integer({ minimum: 1, maximum: 1000 }),
  ref: Type.Optional(Ref),
  /** String(app_user.id) for members, the imTouristAccount id for guests. */
  userId: UserId,
  /** The member's userSig (getUserSig: bound to the site session it was issued in) or the guest's sig (imTouristAccount). */
  userSig: Type.String({ minLength: 1, maxLength: 512 }),
});

export const ChatJoinFrameSchema = Type.Object({ type: Type.Literal('join'), ref: Type.Optional(Ref), groupId: ChatGroupIdSchema });
export const ChatQuitFrameSchema = Type.Object({ type: Type.Literal('quit'), ref: Type.Optional(Ref), groupId: ChatGroupIdSchema });

export const ChatSendFrameSchema = Type.Object({
  type: Type.Literal('send'),
  ref: Ref,
  groupId: ChatGroupIdSchema,
  kind: Type.Union([Type.Literal('text'), Type.Literal('danmaku')]),
  /** Plain text. Longer than CHAT_MESSAGE_MAX_LENGTH characters is refused with `too-long`. */
  text: Type.String({ maxLength: CHAT_MESSAGE_MAX_LENGTH * 20 }),
});

/**
 * The client asks to be shown under a nickname and avatar (SPEC.md section 7: after login). The
 * server does not take them: `profile-updated` answers the account's nickname and avatar read
 * again (a member), or the guest prefix + id (a guest); reserved names (系统消息, 管理员, admin...)
 * are never shown. The fields stay for the SPEC call's shape.
 */
export const ChatProfileFrameSchema = Type.Object({
  type: Type.Literal('profile'),
  ref: Type.Optional(Ref),
  nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  avatar: Type.Optional(Type.String({ maxLength: 512 })),
});

export const ChatCountFrameSchema = Type.Object({ type: Type.Literal('count'), ref: Type.Optional(Ref), groupId: ChatGroupIdSchema });

/** The anchor creates their own room's group, named after their user id (idempotent). */
export const ChatCreateGroupFrameSchema = Type.Object({ type: Type.Literal('create-group'), ref: Type.Optional(Ref), ownerUserId: ChatGroupIdSchema });

export const ChatPingFrameSchema = Type.Object({ type: Type.Literal('ping'), ref: Type.Optional(Ref) });

export const ChatClientFrameSchema = Type.Union([
  ChatLoginFrameSchema,
  ChatJoinFrameSchema,
  ChatQuitFrameSchema,
  ChatSendFrameSchema,
  ChatProfileFrameSchema,
  ChatCountFrameSchema,
  ChatCreateGroupFrameSchema,
  ChatPingFrameSchema,
]);
export type ChatClientFrame = Static<typeof ChatClientFrameSchema>;
export type ChatClientFrameType = ChatClientFrame['type'];

// ---- server → client ----

/** A fan medal on a chat line (ChatSenderSchema `medal`). */
export const ChatMedalSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 16 }),
  level: Type.Integer({ minimum: 1, maximum: 20 }),
  lit: Type.Boolean(),
});
export type ChatMedal = Static<typeof ChatMedalSchema>;

const ChatSenderSchema = Type.Object({
  userId: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  role: Type.Union([Type.Literal('anchor'), Type.Literal('admin'), Type.Literal('member'), Type.Literal('guest'), Type.Literal('system')]),
  /** A member's level (the badge beside the name); absent for guests and the system. */
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })),
  /** The sender's active guard tier level in this room (1-3; api/Guard): the guard badge beside the name. */
  guard: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  /**
   * The fan medal (粉丝勋章) the member wears, in every room (api/FanMedal): the anchor's medal
   * name, its level 1-20 and `lit` false when greyed (7 days without interaction). Computed by the
   * server at send time; absent when none is worn.
   */
  medal: Type.Optional(ChatMedalSchema),
});

export const ChatGiftPayloadSchema = Type.Object({
  /** The gift send's record id (api/Gift/getUserGiftList), unique per send. */
  recordId: Type.String(),
  giftId: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  /** A path under /static/gifts/. */
  icon: Type.String(),
  tier: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  /** 1 when the gift may combine with the sender's next sends of it. */
  combo: Type.Union([Type.Literal(0), Type.Literal(1)]),
  count: Type.Integer({ minimum: 1 }),
  coins: Type.Integer({ minimum: 1 }),
  senderId: Type.String(),
  senderNickname: Type.String(),
  /** `<senderId>:<giftId>`: sends with the same key close together are one combo. */
  comboKey: Type.String(),
});
export type ChatGiftPayload = Static<typeof ChatGiftPayloadSchema>;

/**
 * A danmaku's style (api/Barrage/send with a style, or a style the server gives): its colour
 * (`#rrggbb`) and where it shows over the video (scroll right to left, or fixed at the top or
 * bottom). Carried in `cloudCustomData.style` of a member's danmaku; absent: the default white
 * scrolling danmaku. Only the server writes it.
 */
export const ChatDanmakuStyleSchema = Type.Object({
  styleId: Type.Integer({ minimum: 1 }),
  color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
  position: Type.Union([Type.Literal('scroll'), Type.Literal('top'), Type.Literal('bottom')]),
});
export type ChatDanmakuStyle = Static<typeof ChatDanmakuStyleSchema>;

/**
 * A horn (api/Member/sneHorn, after its commit): a paid message every connected chat socket
 * receives in a `horn` frame, whatever groups it is in (every viewer of every room shows it as a
 * banner). Not part of any group's history (api/Member/hornList lists the recent ones).
 */
export const ChatHornSchema = Type.Object({
  /** The horn's id (api/Member/hornList). */
  id: Type.String(),
  text: Type.String(),
  senderId: Type.String(),
  senderNickname: Type.String(),
  /** The sender's level (the badge); absent when unknown. */
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })),
  sentAt: Type.Number(),
});
export type ChatHorn = Static<typeof ChatHornSchema>;

/** cloudCustomData.roomState of a system line: which room and its state now. */
export const ChatRoomStateSchema = Type.Object({ roomId: Type.Integer({ minimum: 1 }), state: RoomStreamStateSchema });
export type ChatRoomState = Static<typeof ChatRoomStateSchema>;

/**
 * cloudCustomData.clip of a system line (issue 34): a clip is ready, shown in the chat as a card
 * (进球回放) that plays in place. Only the server writes it, after the MP4 is written.
 */
export const ChatClipCardSchema = Type.Object({
  clipId: Type.Integer({ minimum: 1 }),
  kind: Type.Union([Type.Literal('goal'), Type.Literal('penalty'), Type.Literal('red_card'), Type.Literal('quarter_end'), Type.Literal('lead_change'), Type.Literal('person')]),
  title: Type.String({ maxLength: 200 }),
  /** Paths on this site (/media/clips/…): the MP4 and its JPEG thumbnail. */
  videoUrl: Type.String({ maxLength: 300 }),
  thumbUrl: Type.String({ maxLength: 300 }),
  durationMs: Type.Integer({ minimum: 0 }),
  /** The match it shows (spoiler-free holds the card for that match's delay), null for none. */
  matchId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** When the moment happened (epoch ms). */
  happenedAt: Type.Number(),
});
export type ChatClipCard = Static<typeof ChatClipCardSchema>;

/**
 * cloudCustomData.redPacket of a system line (issue 35; server/src/redPackets/README.md): a red
 * packet `opened` (the page shows it falling with a 抢 button), `grabbed` (one member's result) or
 * `finished` (手气最佳 and the revealed seed). Only the server writes it.
 */
export const ChatRedPacketEventSchema = Type.Object({
  event: Type.Union([Type.Literal('opened'), Type.Literal('grabbed'), Type.Literal('finished')]),
  packetId: Type.Integer({ minimum: 1 }),
  roomId: Type.Integer({ minimum: 1 }),
  funderNickname: Type.String({ maxLength: 100 }),
  totalCoins: Type.Integer({ minimum: 1 }),
  shares: Type.Integer({ minimum: 1 }),
  followersOnly: Type.Boolean(),
  /** The 口令 to send, null for none. */
  password: Type.Union([Type.String({ maxLength: 20 }), Type.Null()]),
  /** Epoch ms. */
  expiresAt: Type.Number(),
  seedHash: Type.String({ maxLength: 64 }),
  /** `grabbed`: who and how much. */
  memberNickname: Type.Optional(Type.String({ maxLength: 100 })),
  amount: Type.Optional(Type.Integer({ minimum: 0 })),
  /** `finished`: the seed, 手气最佳 (null: nobody grabbed), coins back to the funder. */
  seed: Type.Optional(Type.String({ maxLength: 64 })),
  luckiest: Type.Optional(Type.Union([Type.Object({ nickname: Type.String({ maxLength: 100 }), amount: Type.Integer({ minimum: 1 }) }), Type.Null()])),
  refunded: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ChatRedPacketEvent = Static<typeof ChatRedPacketEventSchema>;

/**
 * cloudCustomData.lottery of a system line (issue 35; server/src/lotteries/README.md): a lottery
 * (天选时刻) `opened` (the card with its countdown), `drawn` (the winners, the revealed seed) or
 * `cancelled` (the prize refunded). Only the server writes it.
 */
export const ChatLotteryEventSchema = Type.Object({
  event: Type.Union([Type.Literal('opened'), Type.Literal('drawn'), Type.Literal('cancelled')]),
  lotteryId: Type.Integer({ minimum: 1 }),
  roomId: Type.Integer({ minimum: 1 }),
  anchorNickname: Type.String({ maxLength: 100 }),
  /** Coins per winner, or the item (one of the two). */
  prizeCoins: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  prizeItem: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  winners: Type.Integer({ minimum: 1, maximum: 1000 }),
  condition: Type.Union([Type.Literal('follow'), Type.Literal('password'), Type.Literal('medal')]),
  /** The 口令 to send (condition password), else null. */
  password: Type.Union([Type.String({ maxLength: 20 }), Type.Null()]),
  medalLevel: Type.Union([Type.Integer({ minimum: 1, maximum: 20 }), Type.Null()]),
  /** The window's end, epoch ms. */
  endsAt: Type.Number(),
  seedHash: Type.String({ maxLength: 64 }),
  /** `drawn`: the seed, how many entered, the winners in draw order. */
  seed: Type.Optional(Type.String({ maxLength: 64 })),
  entrants: Type.Optional(Type.Integer({ minimum: 0 })),
  winnerList: Type.Optional(Type.Array(Type.Object({ memberId: Type.Integer({ minimum: 1 }), nickname: Type.String({ maxLength: 100 }) }), { maxItems: 1000 })),
});
export type ChatLotteryEvent = Static<typeof ChatLotteryEventSchema>;

/**
 * cloudCustomData.prediction of a system line (issue 35; server/src/predictions/README.md): a
 * prediction's live tallies, pushed at most twice a second per prediction (coalesced). Not kept in
 * the room's history and not shown as a chat line: the room's 竞猜 panel applies it. Only the
 * server writes it.
 */
export const ChatPredictionTallySchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  roomId: Type.Integer({ minimum: 1 }),
  state: Type.Union([Type.Literal('open'), Type.Literal('locked'), Type.Literal('settled'), Type.Literal('cancelled'), Type.Literal('refunded')]),
  pool: Type.Integer({ minimum: 0 }),
  winningOutcome: Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.Null()]),
  /** Per outcome, in order: points staked, stakes, share of the pool (0-100). */
  outcomes: Type.Array(Type.Object({ pool: Type.Integer({ minimum: 0 }), stakes: Type.Integer({ minimum: 0 }), share: Type.Number({ minimum: 0, maximum: 100 }) }), { maxItems: 10 }),
});
export type ChatPredictionTally = Static<typeof ChatPredictionTallySchema>;

/** Same shape as ChatGroupMessage (chatClient.ts). */
export const ChatGroupMessageSchema = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  groupId: Type.String(),
  kind: Type.Union([Type.Literal('text'), Type.Literal('danmaku')]),
  text: Type.String(),
  from: ChatSenderSchema,
  cloudCustomData: Type.Object({
    type: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
    gift: Type.Optional(ChatGiftPayloadSchema),
    /** A styled danmaku's colour and position (ChatDanmakuStyleSchema). */
    style: Type.Optional(ChatDanmakuStyleSchema),
    /**
     * A danmaku sent through api/Barrage/send: its row's id, as api/Barrage/getList lists it, so a
     * page that hears it and then loads the room's recent list shows it once.
     */
    barrageId: Type.Optional(Type.Integer({ minimum: 1 })),
    /**
     * A system line saying the room's state changed (the stream lifecycle or the anchor opening or
     * ending the room): pages apply it at once (docs/flows/room-state.md). Only the server writes it.
     */
    roomState: Type.Optional(ChatRoomStateSchema),
    /** A system line announcing a ready clip (ChatClipCardSchema). Only the server writes it. */
    clip: Type.Optional(ChatClipCardSchema),
    /** A system line about a red packet (ChatRedPacketEventSchema). Only the server writes it. */
    redPacket: Type.Optional(ChatRedPacketEventSchema),
    /** A system line about a lottery (ChatLotteryEventSchema). Only the server writes it. */
    lottery: Type.Optional(ChatLotteryEventSchema),
    /** A prediction's live tallies (ChatPredictionTallySchema): applied by the 竞猜 panel, not shown as a line. Only the server writes it. */
    prediction: Type.Optional(ChatPredictionTallySchema),
  }),
  sentAt: Type.Number(),
});

/** Same shape as ChatSystemNotice (chatClient.ts). */
export const ChatSystemNoticeSchema = Type.Object({
  id: Type.String(),
  lastSequence: Type.Integer(),
  text: Type.String(),
  sentAt: Type.Number(),
  /** A fan's alert (a followed team's goal, a followed anchor live: server/src/alerts/README.md), to the page's connection outside rooms. */
  alert: Type.Optional(FanAlertSchema),
});

export const ChatSendRefusalSchema = Type.Object({
  code: Type.Union([Type.Literal('muted'), Type.Literal('rate-limited'), Type.Literal('too-long'), Type.Literal('empty'), Type.Literal('room-busy'), Type.Literal('not-in-group'), Type.Literal('not-logged-in'), Type.Literal('failed')]),
  message: Type.String(),
});

export const ChatProfileSchema = Type.Object({ nickname: Type.String(), avatar: Type.String(), level: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })) });

export type ChatLoginFailure = (typeof CHAT_LOGIN_FAILURES)[number];

export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

export const ChatServerFrameSchema = Type.Union([
  Type.Object({
    type: Type.Literal('login-result'),
    v: Type.Integer(),
    ref: Type.Optional(Type.String()),
    ok: Type.Literal(true),
    userId: Type.String(),
    kind: Type.Union([Type.Literal('member'), Type.Literal('guest')]),
    profile: ChatProfileSchema,
    /** Guests may send (stricter limits) when true; read only when false. */
    canSend: Type.Boolean(),
  }),
  Type.Object({
    type: Type.Literal('login-result'),
    v: Type.Integer(),
    ref: Type.Optional(Type.String()),
    ok: Type.Literal(false),
    reason: Type.Union([
      Type.Literal('malformed'),
      Type.Literal('bad-signature'),
      Type.Literal('expired'),
      /** The member signed out (or reset the password) since the userSig was issued. */
      Type.Literal('session-ended'),
      Type.Literal('unknown-user'),
      Type.Literal('unsupported-version'),
      Type.Literal('provider-mismatch'),
    ]),
    message: Type.String(),
  }),
  Type.Object({
    type: Type.Literal('join-status'),
    ref: Type.Optional(Type.String()),
    groupId: Type.String(),
    status: Type.Union([Type.Literal('wait-approval'), Type.Literal('success'), Type.Literal('already-in-group')]),
  }),
  /** Sent right after a `join-status` success / already-in-group: the newest messages, oldest first. */
  Type.Object({ type: Type.Literal('history'), groupId: Type.String(), messages: Type.Array(ChatGroupMessageSchema) }),
  Type.Object({ type: Type.Literal('quit-done'), ref: Type.Optional(Type.String()), groupId: Type.String() }),
  Type.Object({ type: Type.Literal('ack'), ref: Type.String(), message: ChatGroupMessageSchema }),
  Type.Object({ type: Type.Literal('refused'), ref: Type.String(), refusal: ChatSendRefusalSchema }),
  Type.Object({ type: Type.Literal('message'), message: ChatGroupMessageSchema }),
  Type.Object({ type: Type.Literal('notice'), notice: ChatSystemNoticeSchema }),
  /** A horn: sent to every logged-in connection, in no group (ChatHornSchema). */
  Type.Object({ type: Type.Literal('horn'), horn: ChatHornSchema }),
  /** `count`: members (distinct identities) in the group now, across nodes; the page adds 50. */
  Type.Object({ type: Type.Literal('count'), ref: Type.Optional(Type.String()), groupId: Type.String(), count: Type.Integer() }),
  Type.Object({ type: Type.Literal('profile-updated'), ref: Type.Optional(Type.String()), profile: ChatProfileSchema }),
  Type.Object({ type: Type.Literal('group-created'), ref: Type.Optional(Type.String()), groupId: Type.String() }),
  Type.Object({ type: Type.Literal('pong'), ref: Type.Optional(Type.String()), at: Type.Number() }),
  Type.Object({
    type: Type.Literal('error'),
    ref: Type.Optional(Type.String()),
    code: Type.Union([Type.Literal('bad-frame'), Type.Literal('not-logged-in'), Type.Literal('already-logged-in'), Type.Literal('no-such-group'), Type.Literal('forbidden'), Type.Literal('not-in-group'), Type.Literal('too-many-groups'), Type.Literal('rate-limited')]),
    message: Type.String(),
  }),
]);
export type ChatServerFrame = Static<typeof ChatServerFrameSchema>;
export type ChatLoginResultFrame = Extract<ChatServerFrame, { type: 'login-result' }>;

// ---- HTTP endpoints of the chat ----

/** `GET api/tenxun/getUserSig` (login required): the member's chat identity after site login. */
export const ChatUserSigSchema = Type.Object({
  /** String(app_user.id). */
  id: Type.String(),
  userSig: Type.String(),
  /** Set when the provider is Tencent Cloud IM. */
  sdkAppId: Type.Optional(Type.Integer()),
});
export type ChatUserSig = Static<typeof ChatUserSigSchema>;

/** `GET api/tenxun/getOnlineMemberNum?room_id=` or `?group_id=`: one of the two. */
export const OnlineMemberNumQuerySchema = Type.Object({
  room_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  group_id: Type.Optional(ChatGroupIdSchema),
});
/** `num`: members in the group now (the page shows num + ONLINE_COUNT_BONUS). */
export const OnlineMemberNumSchema = Type.Object({ room_id: Type.Union([Type.Integer(), Type.Null()]), group_id: Type.String(), num: Type.Integer() });
export type OnlineMemberNum = Static<typeof OnlineMemberNumSchema>;

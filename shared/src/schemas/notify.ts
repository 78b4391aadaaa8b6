import Type, { type Static } from 'typebox';
import { BigIdSchema } from './primitives';

/**
 * Alerts that follow the fan (issue 39 part 2; server/src/alerts/README.md): goals, red cards,
 * kick-off and full time of followed teams' and leagues' matches, a followed anchor going live.
 * They reach an open page over the chat socket (a notice carrying `alert`), the browser's
 * notifications, Web Push, and the message centre's 赛事 tab.
 */

export const FAN_ALERT_KINDS = ['goal', 'red_card', 'kickoff', 'fulltime', 'anchor_live'] as const;
export type FanAlertKind = (typeof FAN_ALERT_KINDS)[number];

export const FanAlertSchema = Type.Object(
  {
    /** The alert's id (alert_event): the same alert on two tabs or twice is one popup. */
    id: BigIdSchema,
    kind: Type.Union([Type.Literal('goal'), Type.Literal('red_card'), Type.Literal('kickoff'), Type.Literal('fulltime'), Type.Literal('anchor_live')]),
    title: Type.String(),
    body: Type.String(),
    /** A page of this site: the match (`#/score-detail?id=`) or the room (`#/live?id=`). */
    link: Type.String(),
    /** The match of a match alert (null for anchor_live). */
    match_id: Type.Union([BigIdSchema, Type.Null()]),
    home_name: Type.Union([Type.String(), Type.Null()]),
    away_name: Type.Union([Type.String(), Type.Null()]),
    home_score: Type.Union([Type.Integer(), Type.Null()]),
    away_score: Type.Union([Type.Integer(), Type.Null()]),
    /** The match minute of a goal or red card (`23'`, `90+2'`), else null. */
    minute: Type.Union([Type.String(), Type.Null()]),
    /** The side that scored or was sent off. */
    side: Type.Union([Type.Literal('home'), Type.Literal('away'), Type.Null()]),
    /** The room of anchor_live. */
    room_id: Type.Union([BigIdSchema, Type.Null()]),
    /** ISO instant of the event. */
    at: Type.String(),
  },
  { additionalProperties: false },
);
export type FanAlert = Static<typeof FanAlertSchema>;

/**
 * The frames of `/ws/alerts` (server to page only; server/src/alerts/README.md, "Without the site
 * chat"): a fan alert, or the message centre's badge push (read the unread count again).
 */
export type AlertSocketFrame = { type: 'alert'; alert: FanAlert } | { type: 'unread' };

/** Which switch of the settings governs an alert kind. */
export const NOTIFY_SWITCH_OF_KIND: Record<FanAlertKind, NotifySwitch> = {
  goal: 'goals',
  red_card: 'red_cards',
  kickoff: 'match_status',
  fulltime: 'match_status',
  anchor_live: 'anchor_live',
};

export const NOTIFY_SWITCHES = ['goals', 'red_cards', 'match_status', 'anchor_live', 'system'] as const;
export type NotifySwitch = (typeof NOTIFY_SWITCHES)[number];

// ---- GET / POST api/Notify/settings (login) ----
export const NotifySettingsSchema = Type.Object(
  {
    goals: Type.Boolean(),
    red_cards: Type.Boolean(),
    /** Kick-off and full time. */
    match_status: Type.Boolean(),
    anchor_live: Type.Boolean(),
    /** System notices (系统通知) as browser notifications. */
    system: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type NotifySettings = Static<typeof NotifySettingsSchema>;
export const NotifySettingsUpdateSchema = Type.Partial(NotifySettingsSchema, { additionalProperties: false, minProperties: 1 });
export type NotifySettingsUpdate = Static<typeof NotifySettingsUpdateSchema>;
export const NotifySettingsAnswerSchema = Type.Object(
  {
    settings: NotifySettingsSchema,
    /** The site's VAPID public key (base64url) for PushManager.subscribe. */
    vapid_public_key: Type.String(),
    /** How many Web Push subscriptions this member has. */
    push_subscriptions: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type NotifySettingsAnswer = Static<typeof NotifySettingsAnswerSchema>;

// ---- POST api/Notify/subscribe, api/Notify/unsubscribe (login): a Web Push subscription ----
/** Most Web Push subscriptions a member keeps (browsers, devices); a new one past it replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 5;
export const PUSH_ENDPOINT_MAX = 1000;
export const PushSubscriptionSchema = Type.Object(
  {
    endpoint: Type.String({ minLength: 9, maxLength: PUSH_ENDPOINT_MAX }),
    /** Decoded sizes are checked by the server: p256dh a 65-byte P-256 point, auth 16 bytes. */
    keys: Type.Object({ p256dh: Type.String({ minLength: 1, maxLength: 200 }), auth: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionSchema>;
export const PushUnsubscribeSchema = Type.Object({ endpoint: Type.String({ minLength: 9, maxLength: PUSH_ENDPOINT_MAX }) }, { additionalProperties: false });
export const PushSubscribeAnswerSchema = Type.Object({ push_subscriptions: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

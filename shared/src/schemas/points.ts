import Type, { type Static } from 'typebox';

/**
 * Points (积分, issue 35 section 1; server/src/points/README.md): a non-cash balance per member,
 * earned by the daily check-in (with a streak), by watching live rooms and by chatting, each capped
 * per China day. Points are never bought with money and never withdrawn.
 */

const Count = Type.Integer({ minimum: 0 });
/** Keyset cursor of the history: the `next_cursor` of the page before (a ledger line id). */
const Cursor = Type.String({ pattern: '^[1-9][0-9]{0,14}$', maxLength: 15 });

/** Lines per page of api/Points/history (default 20). */
export const POINTS_HISTORY_PAGE_SIZE_MAX = 50;

/** What the daily tasks are: `watch` (per interval watched in a live room), `chat` (per chat message). */
export const PointsTaskKeySchema = Type.Union([Type.Literal('watch'), Type.Literal('chat')]);
export type PointsTaskKey = Static<typeof PointsTaskKeySchema>;

export const PointsTaskSchema = Type.Object(
  {
    key: PointsTaskKeySchema,
    /** Awards paid today / the day's cap (awards). */
    done: Count,
    cap: Count,
    /** Points per award. */
    points_each: Count,
    /** Points this task paid today (done × points_each). */
    earned: Count,
    /** `watch` only: seconds per award, and the seconds counted today. */
    interval_seconds: Type.Optional(Count),
    watched_seconds: Type.Optional(Count),
  },
  { additionalProperties: false },
);
export type PointsTask = Static<typeof PointsTaskSchema>;

// ---- GET api/Points/info (login) ----

export const PointsInfoSchema = Type.Object(
  {
    balance: Count,
    /** The China day the answer is about ('YYYY-MM-DD'). */
    day: Type.String(),
    checked_in_today: Type.Boolean(),
    /** Consecutive days checked in: today's streak once checked in, else the streak today's check-in would continue (0: starts again). */
    streak: Count,
    /** What today's check-in paid (checked in) or will pay (not yet). */
    checkin_points: Count,
    /** Points by streak day: index 0 is day 1; the last value holds for every day after. */
    checkin_table: Type.Array(Count),
    tasks: Type.Array(PointsTaskSchema),
    /** Points earned today, check-in included. */
    earned_today: Count,
  },
  { additionalProperties: false },
);
export type PointsInfo = Static<typeof PointsInfoSchema>;

// ---- POST api/Points/checkIn (login; once per China day) ----

export const PointsCheckInResultSchema = Type.Object(
  {
    day: Type.String(),
    streak: Type.Integer({ minimum: 1 }),
    points: Type.Integer({ minimum: 1 }),
    balance: Count,
  },
  { additionalProperties: false },
);
export type PointsCheckInResult = Static<typeof PointsCheckInResultSchema>;

// ---- GET api/Points/history?cursor=&page_size= (login) ----

export const PointsHistoryQuerySchema = Type.Object(
  {
    cursor: Type.Optional(Cursor),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: POINTS_HISTORY_PAGE_SIZE_MAX })),
  },
  { additionalProperties: false },
);
export type PointsHistoryQuery = Static<typeof PointsHistoryQuerySchema>;

/** What a points line was for: the ledger kind (`points_checkin`, `points_watch`, `points_chat`; predictions add theirs). */
export const PointsLineSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    kind: Type.String(),
    /** Signed: + earned, - spent. */
    amount: Type.Integer(),
    /** ISO 8601 instant (UTC). */
    created_at: Type.String(),
    /** The same instant in China time, 'YYYY-MM-DD HH:mm'. */
    time_text: Type.String(),
  },
  { additionalProperties: false },
);
export type PointsLine = Static<typeof PointsLineSchema>;

export const PointsHistoryPageSchema = Type.Object({ list: Type.Array(PointsLineSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });
export type PointsHistoryPage = Static<typeof PointsHistoryPageSchema>;

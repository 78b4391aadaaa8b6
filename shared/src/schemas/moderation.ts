import Type, { type Static } from 'typebox';
import { BigIdSchema, MultilineString } from './primitives';
import { REPORT_REASONS, REPORT_STATES, SENSITIVE_WORDS_PER_CHANGE_MAX, SENSITIVE_WORD_INPUT_MAX } from './limits';

/**
 * Moderation (issue 14; server/src/moderation/README.md): members report content
 * (`POST api/moderation/report`, not in SPEC.md: named here), ops keep the sensitive-word list
 * and work the report queue (`api/ops/moderation/*`, ops token). Target ids are the owning
 * domain's id as text (chat message ids are text).
 */

export const MODERATION_KINDS = ['post', 'comment', 'chat', 'user', 'headline', 'clip'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
export const MODERATION_KIND_LABELS: Record<ModerationKind, string> = { post: '动态', comment: '评论', chat: '聊天消息', user: '用户', headline: '头条', clip: '视频片段' };

export type ReportReason = (typeof REPORT_REASONS)[number];

export type ReportState = (typeof REPORT_STATES)[number];

/** A report's own words, at most this many characters. */
export const REPORT_TEXT_MAX = 200;
/** The list holds at most this many words. */
export const SENSITIVE_WORDS_MAX = 5000;

const KindSchema = Type.Union([Type.Literal('post'), Type.Literal('comment'), Type.Literal('chat'), Type.Literal('user'), Type.Literal('headline'), Type.Literal('clip')]);
const ReasonSchema = Type.Union([Type.Literal('spam'), Type.Literal('abuse'), Type.Literal('porn'), Type.Literal('illegal'), Type.Literal('other')]);
const StateSchema = Type.Union([Type.Literal('open'), Type.Literal('actioned'), Type.Literal('dismissed')]);
const TargetIdSchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_:.-]+$' });
const Id = Type.Integer({ minimum: 1 });

/** `POST api/moderation/report` (login). */
export const ReportRequestSchema = Type.Object(
  { kind: KindSchema, target_id: TargetIdSchema, reason: ReasonSchema, text: Type.Optional(MultilineString({ maxLength: REPORT_TEXT_MAX })) },
  { additionalProperties: false },
);
export type ReportRequest = Static<typeof ReportRequestSchema>;
export const ReportResultSchema = Type.Object({ id: Id }, { additionalProperties: false });
export type ReportResult = Static<typeof ReportResultSchema>;

/** `GET api/ops/moderation/words`: the whole list (at most SENSITIVE_WORDS_MAX). */
export const SensitiveWordSchema = Type.Object({ id: Id, word: Type.String(), created_by: Type.String(), created_at: Type.String() }, { additionalProperties: false });
export type SensitiveWord = Static<typeof SensitiveWordSchema>;
export const SensitiveWordListSchema = Type.Object({ words: Type.Array(SensitiveWordSchema), max: Type.Integer(), version: Type.Integer() }, { additionalProperties: false });
export type SensitiveWordList = Static<typeof SensitiveWordListSchema>;

/** `POST api/ops/moderation/words`: add and/or remove words (normalised before storing). */
const WordInput = Type.String({ minLength: 1, maxLength: SENSITIVE_WORD_INPUT_MAX });
export const SensitiveWordChangeSchema = Type.Object(
  {
    add: Type.Optional(Type.Array(WordInput, { maxItems: SENSITIVE_WORDS_PER_CHANGE_MAX })),
    remove: Type.Optional(Type.Array(WordInput, { maxItems: SENSITIVE_WORDS_PER_CHANGE_MAX })),
  },
  { additionalProperties: false },
);
export type SensitiveWordChange = Static<typeof SensitiveWordChangeSchema>;
export const SensitiveWordChangeResultSchema = Type.Object(
  { added: Type.Array(Type.String()), removed: Type.Array(Type.String()), total: Type.Integer(), version: Type.Integer() },
  { additionalProperties: false },
);
export type SensitiveWordChangeResult = Static<typeof SensitiveWordChangeResultSchema>;

/** `GET api/ops/moderation/reports?state=&kind=&cursor=&limit=`: reports grouped by target, latest first. */
export const ModerationReportsQuerySchema = Type.Object(
  {
    state: Type.Optional(StateSchema),
    kind: Type.Optional(KindSchema),
    cursor: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type ModerationReportsQuery = Static<typeof ModerationReportsQuerySchema>;

export const ModerationAuditEntrySchema = Type.Object(
  { id: Id, actor: Type.String(), action: Type.String(), detail: Type.Unknown(), created_at: Type.String() },
  { additionalProperties: false },
);
export type ModerationAuditEntry = Static<typeof ModerationAuditEntrySchema>;

/** One reported target: its reports' counts and latest words, what it is now, what ops did. */
export const ModerationReportGroupSchema = Type.Object(
  {
    /** The latest report of the group: the id the actions take. */
    report_id: Id,
    kind: KindSchema,
    target_id: Type.String(),
    count: Type.Integer(),
    reasons: Type.Array(Type.Object({ reason: ReasonSchema, count: Type.Integer() }, { additionalProperties: false })),
    /** The reporters' own words, latest first (at most 5). */
    texts: Type.Array(Type.String()),
    first_at: Type.String(),
    last_at: Type.String(),
    /** The target as its domain describes it now; null when it is gone or its kind has no handler. `author_id` null: content without a member author (a headline article written by ops). */
    target: Type.Union([
      Type.Object(
        { author_id: Type.Union([Type.Integer(), Type.Null()]), author_nickname: Type.String(), excerpt: Type.String(), hidden: Type.Boolean(), banned_until: Type.Union([Type.String(), Type.Null()]) },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    audit: Type.Array(ModerationAuditEntrySchema),
  },
  { additionalProperties: false },
);
export type ModerationReportGroup = Static<typeof ModerationReportGroupSchema>;
export const ModerationReportPageSchema = Type.Object(
  { list: Type.Array(ModerationReportGroupSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) },
  { additionalProperties: false },
);
export type ModerationReportPage = Static<typeof ModerationReportPageSchema>;

export const MODERATION_ACTIONS = ['hide', 'unhide', 'delete', 'dismiss', 'mute', 'ban', 'unban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const ModerationActionParamsSchema = Type.Object(
  { id: BigIdSchema, action: Type.Union([Type.Literal('hide'), Type.Literal('unhide'), Type.Literal('delete'), Type.Literal('dismiss'), Type.Literal('mute'), Type.Literal('ban'), Type.Literal('unban')]) },
  { additionalProperties: false },
);
/** mute: minutes (1..43200, default 1440; the chat room of a chat line); ban: days (1..3650, default 7). */
export const ModerationActionBodySchema = Type.Object(
  {
    minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 43_200 })),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ModerationActionBody = Static<typeof ModerationActionBodySchema>;
export const ModerationActionResultSchema = Type.Object(
  { action: Type.String(), kind: KindSchema, target_id: Type.String(), resolved_reports: Type.Integer() },
  { additionalProperties: false },
);
export type ModerationActionResult = Static<typeof ModerationActionResultSchema>;

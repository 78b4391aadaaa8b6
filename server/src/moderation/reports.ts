import type {
  ModerationAction,
  ModerationActionBody,
  ModerationActionResult,
  ModerationReportGroup,
  ModerationReportPage,
  ModerationReportsQuery,
  ReportReason,
  ReportRequest,
} from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../infra/clock';
import { lockKey } from '../infra/db/advisoryLock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { tellMembersSelect } from '../messages/index';
import { audit } from './audit';
import type { ModerationPort, ModerationSanctions, ModerationTargetKind } from './moderationTypes';

/** Advisory-lock space of a reporter's reports (infra/db/advisoryLock.ts's spaces are 1-6). */
const REPORTER_LOCK_SPACE = 1401;
/** A member files at most this many reports an hour. */
export const REPORTS_PER_HOUR_MAX = 20;
const PAGE_SIZE_DEFAULT = 20;
const TEXTS_SHOWN = 5;
const AUDIT_SHOWN = 10;
const EXCERPT_MAX = 200;

export interface ReportDeps {
  db: Kysely<Database>;
  port: ModerationPort;
  clock: Clock;
}

/** A member's report: the target must exist and not be theirs; one open report per target; rate-limited. */
export async function createReport({ db, port, clock }: ReportDeps, reporterId: number, request: ReportRequest): Promise<{ id: number }> {
  const handler = port.target(request.kind);
  if (handler === undefined) throw errors.MODERATION_KIND_UNAVAILABLE();
  const info = await handler.describe(request.target_id);
  if (info === null) throw errors.MODERATION_TARGET_NOT_FOUND();
  if (info.authorId === reporterId) throw errors.MODERATION_SELF_REPORT();
  const now = clock();
  const text = request.text?.trim() ? request.text.trim() : null;
  return db.transaction().execute(async (trx) => {
    await lockKey(trx, REPORTER_LOCK_SPACE, String(reporterId));
    const open = await trx
      .selectFrom('moderation_report')
      .select('id')
      .where('reporter_id', '=', reporterId)
      .where('kind', '=', request.kind)
      .where('target_id', '=', request.target_id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (open !== undefined) throw errors.MODERATION_DUPLICATE_REPORT();
    const { recent } = await trx
      .selectFrom('moderation_report')
      .select((eb) => eb.fn.countAll<string>().as('recent'))
      .where('reporter_id', '=', reporterId)
      .where('created_at', '>', new Date(now.getTime() - 3600_000))
      .executeTakeFirstOrThrow();
    if (Number(recent) >= REPORTS_PER_HOUR_MAX) throw errors.MODERATION_REPORTING_TOO_FAST(REPORTS_PER_HOUR_MAX);
    return trx
      .insertInto('moderation_report')
      .values({ reporter_id: reporterId, kind: request.kind, target_id: request.target_id, author_id: info.authorId, reason: request.reason, text, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

/** The queue: reports in `state` grouped by target, the group with the latest report first; keyset on that report's id. */
export async function listReportGroups({ db, port }: ReportDeps, query: ModerationReportsQuery): Promise<ModerationReportPage> {
  const state = query.state ?? 'open';
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  let groups = db
    .selectFrom('moderation_report')
    .select((eb) => [
      'kind',
      'target_id',
      eb.fn.countAll<string>().as('count'),
      eb.fn.max('id').as('last_id'),
      eb.fn.min('created_at').as('first_at'),
      eb.fn.max('created_at').as('last_at'),
    ])
    .where('state', '=', state)
    .groupBy(['kind', 'target_id']);
  if (query.kind !== undefined) groups = groups.where('kind', '=', query.kind);
  if (query.cursor !== undefined) groups = groups.having((eb) => eb.fn.max('id'), '<', Number(query.cursor));
  const rows = await groups.orderBy((eb) => eb.fn.max('id'), 'desc').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const list: ModerationReportGroup[] = [];
  for (const row of page) {
    const kind = row.kind as ModerationTargetKind;
    const [reasons, texts, actions] = await Promise.all([
      db
        .selectFrom('moderation_report')
        .select((eb) => ['reason', eb.fn.countAll<string>().as('count')])
        .where('kind', '=', kind)
        .where('target_id', '=', row.target_id)
        .where('state', '=', state)
        .groupBy('reason')
        .orderBy('reason')
        .execute(),
      db
        .selectFrom('moderation_report')
        .select('text')
        .where('kind', '=', kind)
        .where('target_id', '=', row.target_id)
        .where('state', '=', state)
        .where('text', 'is not', null)
        .orderBy('id', 'desc')
        .limit(TEXTS_SHOWN)
        .execute(),
      db
        .selectFrom('moderation_action')
        .select(['id', 'actor', 'action', 'detail', 'created_at'])
        .where('kind', '=', kind)
        .where('target_id', '=', row.target_id)
        .orderBy('id', 'desc')
        .limit(AUDIT_SHOWN)
        .execute(),
    ]);
    list.push({
      report_id: Number(row.last_id),
      kind,
      target_id: row.target_id,
      count: Number(row.count),
      reasons: reasons.map((reason) => ({ reason: reason.reason as ReportReason, count: Number(reason.count) })),
      texts: texts.map((text) => text.text as string),
      first_at: new Date(row.first_at as Date).toISOString(),
      last_at: new Date(row.last_at as Date).toISOString(),
      target: await describeForOps(db, port, kind, row.target_id),
      audit: actions.map((action) => ({ ...action, created_at: action.created_at.toISOString() })),
    });
  }
  const last = page.at(-1);
  return { list, next_cursor: rows.length > limit && last !== undefined ? String(last.last_id) : null };
}

async function describeForOps(db: Kysely<Database>, port: ModerationPort, kind: ModerationTargetKind, targetId: string): Promise<ModerationReportGroup['target']> {
  const handler = port.target(kind);
  if (handler === undefined) return null;
  const info = await handler.describe(targetId).catch(() => null);
  if (info === null) return null;
  const author = info.authorId === null ? undefined : await db.selectFrom('app_user').select(['user_nickname', 'banned_until']).where('id', '=', info.authorId).executeTakeFirst();
  const bannedUntil = author?.banned_until && author.banned_until.getTime() > Date.now() ? author.banned_until.toISOString() : null;
  return {
    author_id: info.authorId,
    author_nickname: author?.user_nickname ?? '',
    excerpt: [...info.excerpt].slice(0, EXCERPT_MAX).join(''),
    hidden: info.hidden ?? false,
    banned_until: bannedUntil,
  };
}

export interface ActionDeps extends ReportDeps {
  sanctions: () => ModerationSanctions;
}

/**
 * An ops action on the target of report `reportId`: hide, unhide or delete it through its
 * domain's handler, mute or ban its author, or dismiss. Every action except unhide resolves all
 * the target's open reports (actioned, or dismissed), except the undoing ones (unhide, unban);
 * every action writes the audit.
 */
export async function actOnReport(
  { db, port, clock, sanctions }: ActionDeps,
  reportId: number,
  action: ModerationAction,
  body: ModerationActionBody,
  actor: string,
): Promise<ModerationActionResult> {
  const report = await db.selectFrom('moderation_report').select(['id', 'kind', 'target_id', 'author_id', 'state']).where('id', '=', reportId).executeTakeFirst();
  if (report === undefined) throw errors.MODERATION_REPORT_NOT_FOUND();
  const kind = report.kind as ModerationTargetKind;
  const targetId = report.target_id;
  const handler = port.target(kind);
  const now = clock();
  const detail: Record<string, unknown> = { report_id: reportId };
  if (body.note !== undefined) detail.note = body.note;

  const authorOf = async () => {
    const info = handler === undefined ? null : await handler.describe(targetId);
    // Content without a member author (an ops-written article) has no one to sanction.
    if (info !== null && info !== undefined && info.authorId === null) throw errors.MODERATION_ACTION_UNSUPPORTED();
    const authorId = info?.authorId ?? report.author_id;
    if (authorId === null || authorId === undefined) throw errors.MODERATION_TARGET_NOT_FOUND();
    return { authorId, roomId: info?.roomId };
  };

  switch (action) {
    case 'hide':
    case 'unhide':
    case 'delete': {
      if (handler === undefined || kind === 'user') throw errors.MODERATION_ACTION_UNSUPPORTED();
      if (action === 'hide') await handler.hide(targetId);
      else if (action === 'unhide') await handler.unhide(targetId);
      else await handler.remove(targetId);
      break;
    }
    case 'mute': {
      const mute = sanctions().mute;
      const { authorId, roomId } = await authorOf();
      if (mute === undefined || roomId === undefined) throw errors.MODERATION_ACTION_UNSUPPORTED();
      const minutes = body.minutes ?? 1440;
      await mute(authorId, minutes, roomId);
      Object.assign(detail, { author_id: authorId, room_id: roomId, minutes });
      break;
    }
    case 'ban': {
      const ban = sanctions().ban;
      if (ban === undefined) throw errors.MODERATION_ACTION_UNSUPPORTED();
      const { authorId } = await authorOf();
      const days = body.days ?? 7;
      const until = new Date(now.getTime() + days * 86_400_000);
      await ban(authorId, until, body.note ?? '');
      Object.assign(detail, { author_id: authorId, days, until: until.toISOString() });
      break;
    }
    case 'unban': {
      const unban = sanctions().unban;
      if (unban === undefined) throw errors.MODERATION_ACTION_UNSUPPORTED();
      const { authorId } = await authorOf();
      await unban(authorId);
      Object.assign(detail, { author_id: authorId });
      break;
    }
    case 'dismiss':
      break;
  }

  return db.transaction().execute(async (trx) => {
    let resolved = 0;
    // Undoing (unhide, unban) resolves nothing: the reports were resolved by what is undone.
    if (action !== 'unhide' && action !== 'unban') {
      const rows = await trx
        .updateTable('moderation_report')
        .set({ state: action === 'dismiss' ? 'dismissed' : 'actioned', resolved_at: now, resolved_by: actor })
        .where('kind', '=', kind)
        .where('target_id', '=', targetId)
        .where('state', '=', 'open')
        .returning('id')
        .execute();
      resolved = rows.length;
      if (action === 'dismiss' && resolved === 0) throw errors.MODERATION_REPORT_CLOSED();
      // Each reporter learns the outcome (message centre, 系统通知), in this transaction.
      const outcome = action === 'dismiss' ? '经核实未发现违规，感谢你的反馈。' : '经核实存在违规，已处理，感谢你的举报。';
      if (rows.length > 0) {
        await tellMembersSelect(trx, sql`
          select reporter_id, 'system', 'report_resolved', '举报处理结果', ${outcome}, null::text, 'report:' || id
          from moderation_report where id = any(${rows.map((row) => Number(row.id))}::bigint[])`);
      }
    }
    await audit(trx, actor, action, kind, targetId, { ...detail, resolved_reports: resolved });
    return { action, kind, target_id: targetId, resolved_reports: resolved };
  });
}

/** The recent audit (ops screens): newest first, keyset on id. */
export async function listAudit(db: Kysely<Database>, cursor: number | undefined, limit = 50) {
  let query = db.selectFrom('moderation_action').select(['id', 'actor', 'action', 'kind', 'target_id', 'detail', 'created_at']).orderBy('id', 'desc').limit(limit + 1);
  if (cursor !== undefined) query = query.where('id', '<', cursor);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return {
    list: page.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    next_cursor: rows.length > limit && page.length > 0 ? String(page.at(-1)?.id) : null,
  };
}

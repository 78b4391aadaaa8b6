import {
  AnchorApplicationIdParamsSchema,
  AnchorApplicationReviewSchema,
  AnchorApplicationsQuerySchema,
  type AnchorApplicationReview,
  type AnchorApplicationsQuery,
  Envelope,
  OpsAnchorApplicationPageSchema,
  type OpsAnchorApplication,
  type PageOf,
  RejectAnchorApplicationRequestSchema,
} from '@sports/shared/server';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import { createRequireOps, opsActor } from '../infra/http/opsAuth';
import { pageOf, pageWindow } from '../infra/http/pagination';
import type { App } from '../infra/http/types';
import { createRoom } from '../live/index';
import { tellMember } from '../messages/index';
import { type AnchorApplicationRow, toAnchorApplication } from './anchorApplications';
import type { IdCipher } from './idCipher';
import { maskedNames } from './realName';

export interface AnchorApplicationsOpsOptions {
  db: Kysely<Database>;
  cipher: IdCipher;
  opsToken: string;
  clock: Clock;
}

/** Who reviewed: the ops token has no user, so the actor name (`ops` unless X-Ops-Actor says) and the address. */
interface Reviewer {
  actor: string;
  ip: string;
}

/** A new anchor's room, named after them until they change it (live rooms' titles are 1-30 characters). */
export function defaultRoomTitle(nickname: string): string {
  return [...`${nickname}的直播间`].slice(0, 30).join('');
}

/**
 * The ops review queue of anchor applications, guarded by the ops token like `api/ops/anchors`
 * (an onRequest hook: strangers are refused before their body is read). A review takes the
 * application's row lock, refuses one that is not pending, and writes its audit row in the same
 * transaction; approval makes the applicant an anchor and gives them their room, which they see
 * on their next request (sessions read the user row each time).
 */
export async function anchorApplicationsOpsRoutes(app: App, { db, cipher, opsToken, clock }: AnchorApplicationsOpsOptions): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));

  app.get('/api/ops/anchorApplications', { schema: { querystring: AnchorApplicationsQuerySchema, response: { 200: Envelope(OpsAnchorApplicationPageSchema) } } }, async (request) =>
    ok(await listApplications(db, cipher, request.query)),
  );

  app.post('/api/ops/anchorApplications/:id/approve', { schema: { params: AnchorApplicationIdParamsSchema, response: { 200: Envelope(AnchorApplicationReviewSchema) } } }, async (request) => {
    const review = await approve(db, cipher, request.params.id, { actor: opsActor(request), ip: request.ip }, clock());
    request.log.info({ applicationId: review.application.id, userId: review.application.user_id, roomId: review.room_id }, 'anchor application approved');
    return ok(review);
  });

  app.post(
    '/api/ops/anchorApplications/:id/reject',
    { schema: { params: AnchorApplicationIdParamsSchema, body: RejectAnchorApplicationRequestSchema, response: { 200: Envelope(AnchorApplicationReviewSchema) } } },
    async (request) => {
      const review = await reject(db, cipher, request.params.id, request.body.reason, { actor: opsActor(request), ip: request.ip }, clock());
      request.log.info({ applicationId: review.application.id, userId: review.application.user_id }, 'anchor application rejected');
      return ok(review);
    },
  );
}

async function listApplications(db: Kysely<Database>, cipher: IdCipher, query: AnchorApplicationsQuery): Promise<PageOf<OpsAnchorApplication>> {
  const window = pageWindow(query);
  const state = query.state ?? 'pending';
  const base = db.selectFrom('anchor_application').where('state', '=', state);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  // The queue oldest first (first come, first reviewed); decided ones newest first.
  const direction = state === 'pending' ? 'asc' : 'desc';
  const rows = await base.selectAll().orderBy('created_at', direction).orderBy('id', direction).limit(window.pageSize).offset(window.offset).execute();
  return pageOf(await withApplicants(db, cipher, rows), total, window);
}

async function withApplicants(db: Kysely<Database>, cipher: IdCipher, rows: AnchorApplicationRow[]): Promise<OpsAnchorApplication[]> {
  const userIds = rows.map((row) => row.user_id);
  const names = await maskedNames(db, cipher, userIds);
  const users = userIds.length === 0 ? [] : await db.selectFrom('app_user').select(['id', 'user_nickname']).where('id', 'in', [...new Set(userIds)]).execute();
  const nicknames = new Map(users.map((user) => [user.id, user.user_nickname]));
  return rows.map((row) => ({ ...toAnchorApplication(row), user_id: row.user_id, user_nickname: nicknames.get(row.user_id) ?? '', real_name: names.get(row.user_id) ?? '' }));
}

/** Locks a pending application for its review; refuses a missing or already reviewed one. */
async function pendingForReview(trx: Transaction<Database>, id: number): Promise<AnchorApplicationRow> {
  const row = await trx.selectFrom('anchor_application').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (row === undefined) throw errors.MEMBER_APPLICATION_NOT_FOUND();
  if (row.state !== 'pending') throw errors.MEMBER_APPLICATION_ALREADY_REVIEWED();
  return row;
}

async function approve(db: Kysely<Database>, cipher: IdCipher, id: number, reviewer: Reviewer, now: Date): Promise<AnchorApplicationReview> {
  const { row, roomId } = await db.transaction().execute(async (trx) => {
    const pending = await pendingForReview(trx, id);
    const reviewed = await trx.updateTable('anchor_application').set({ state: 'approved', reviewed_at: now }).where('id', '=', pending.id).returningAll().executeTakeFirstOrThrow();
    const user = await trx
      .updateTable('app_user')
      .set({ is_anchor: 1 })
      .where('id', '=', pending.user_id)
      .returning(['id', 'user_nickname', 'avatar', 'exp', 'balance', 'is_anchor', 'invite_code'])
      .executeTakeFirstOrThrow();
    // Their room: kept as it was if they had one (an anchor before), else opened as the rooms
    // service opens one (createRoom), with the category they applied for.
    const existing = await trx.selectFrom('live_room').select('id').where('owner_id', '=', user.id).executeTakeFirst();
    const room = existing ?? { id: (await createRoom(trx, user, { title: defaultRoomTitle(user.user_nickname), type: pending.category }, now, null)).room_id };
    await trx.insertInto('anchor_application_audit').values({ application_id: pending.id, action: 'approve', actor: reviewer.actor, actor_ip: reviewer.ip.slice(0, 64), at: now }).execute();
    await tellMember(trx, { memberId: user.id, tab: 'system', kind: 'anchor_approved', title: '主播申请已通过', body: '恭喜，你的主播申请已通过审核，现在可以开播了。', link: `#/live?id=${room.id}`, eventKey: `anchor_application:${pending.id}` });
    return { row: reviewed, roomId: room.id };
  });
  const [application] = await withApplicants(db, cipher, [row]);
  return { application: application as OpsAnchorApplication, room_id: roomId };
}

async function reject(db: Kysely<Database>, cipher: IdCipher, id: number, rawReason: string, reviewer: Reviewer, now: Date): Promise<AnchorApplicationReview> {
  const reason = rawReason.trim();
  if ([...reason].length < 2) throw errors.MEMBER_REJECT_REASON_EMPTY();
  const row = await db.transaction().execute(async (trx) => {
    const pending = await pendingForReview(trx, id);
    const reviewed = await trx
      .updateTable('anchor_application')
      .set({ state: 'rejected', reject_reason: reason, reviewed_at: now })
      .where('id', '=', pending.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('anchor_application_audit').values({ application_id: pending.id, action: 'reject', actor: reviewer.actor, actor_ip: reviewer.ip.slice(0, 64), reason, at: now }).execute();
    await tellMember(trx, { memberId: pending.user_id, tab: 'system', kind: 'anchor_rejected', title: '主播申请未通过', body: `你的主播申请未通过审核：${reason}`, link: null, eventKey: `anchor_application:${pending.id}` });
    return reviewed;
  });
  const [application] = await withApplicants(db, cipher, [row]);
  return { application: application as OpsAnchorApplication, room_id: null };
}

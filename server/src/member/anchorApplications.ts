import type { AnchorApplication, ApplyAnchorRequest, OpsAnchorApplication } from '@sports/shared/server';
import type { Kysely, Selectable } from 'kysely';
import type { SessionUser } from '../accounts/index';
import type { AnchorApplicationTable, Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { isVerified } from './realName';

/**
 * Anchor applications (member type 7): a verified member who is not an anchor applies with a
 * category, an introduction and a sample; one pending at a time (a partial unique index is the
 * final word); after a rejection they may apply again. Ops review them (anchorApplicationsOps.ts).
 */
export type AnchorApplicationRow = Selectable<AnchorApplicationTable>;

export function toAnchorApplication(row: AnchorApplicationRow): AnchorApplication {
  return {
    id: row.id,
    category: row.category,
    introduction: row.introduction,
    sample: row.sample,
    state: row.state,
    reject_reason: row.reject_reason,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
  };
}

/** An https address with a host and no user name or password; no blanks or backslashes. */
export function isAcceptableSample(sample: string): boolean {
  if (!sample.startsWith('https://') || /[\\\s\u0000-\u001f\u007f]/.test(sample)) return false;
  try {
    const url = new URL(sample);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export async function applyAnchor(db: Kysely<Database>, user: SessionUser, request: ApplyAnchorRequest, now: Date): Promise<AnchorApplication> {
  if (user.is_anchor === 1) throw errors.MEMBER_ALREADY_ANCHOR();
  const introduction = request.introduction.trim();
  if ([...introduction].length < 10) throw errors.MEMBER_INTRODUCTION_TOO_SHORT();
  if (!isAcceptableSample(request.sample)) throw errors.MEMBER_SAMPLE_INVALID();
  if (!(await isVerified(db, user.id))) throw errors.MEMBER_NOT_VERIFIED();
  const row = await db
    .insertInto('anchor_application')
    .values({ user_id: user.id, category: request.category, introduction, sample: request.sample, created_at: now })
    .onConflict((conflict) => conflict.column('user_id').where('state', '=', 'pending').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) throw errors.MEMBER_APPLICATION_PENDING();
  return toAnchorApplication(row);
}

/** `api/Member/anchorApplication`: the member's latest application, or null. */
export async function latestApplication(db: Kysely<Database>, userId: number): Promise<AnchorApplication | null> {
  const row = await db.selectFrom('anchor_application').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row === undefined ? null : toAnchorApplication(row);
}

export type { OpsAnchorApplication };

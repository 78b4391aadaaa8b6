import { NOTIFY_SWITCH_OF_KIND } from '@sports/shared/server';
import { type RawBuilder, sql } from 'kysely';
import { idArray } from '../infra/db/idArray';
import type { AlertRow } from './alertRows';

/**
 * Who an alert reaches (alerts/README.md, "Who"): the followers of the match's two teams and its
 * league (member_follow, migration 0043), or of the anchor (user_follow), each once, except members
 * who switched this kind off (notify_setting). Answers a SELECT of one column, `member_id`, in
 * member id order; `after` keys the fan-out's batches. The follow tables' indexes lead with the
 * target: (target_type, target_id, member_id) and user_follow's (anchor_id).
 */
export function alertAudience(row: AlertRow, options: { after?: number; limit?: number } = {}): RawBuilder<{ member_id: string }> {
  const switchColumn = sql.ref(`s.${NOTIFY_SWITCH_OF_KIND[row.alert.kind]}`);
  const after = options.after ?? 0;
  const limit = options.limit === undefined ? sql`` : sql`limit ${options.limit}`;
  const followers =
    row.anchorId !== null
      ? sql`select f.follower_id as member_id from user_follow f where f.anchor_id = ${row.anchorId}`
      : sql`select f.member_id from member_follow f
            where ((f.target_type = 'team' and f.target_id = any(${row.teamIds.map(String)}::bigint[]))
              or (f.target_type = 'league' and f.target_id = ${row.leagueId ?? 0}))`;
  return sql<{ member_id: string }>`
    select distinct v.member_id from (${followers}) v
    where v.member_id > ${after}
      and not exists (select 1 from notify_setting s where s.member_id = v.member_id and not ${switchColumn})
    order by v.member_id
    ${limit}`;
}

/**
 * The same audience among `among` (the members with a page open on this node): driven from those
 * members, each looked up by the follow tables' primary keys (member_follow (member_id, …),
 * user_follow (follower_id, anchor_id)), so 5,000 pages cost 5,000 index probes however many
 * follow the team (never a scan of 100,000 followers filtered by a list).
 */
export function alertAudienceAmong(row: AlertRow, among: readonly number[]): RawBuilder<{ member_id: string }> {
  const switchColumn = sql.ref(`s.${NOTIFY_SWITCH_OF_KIND[row.alert.kind]}`);
  const follows =
    row.anchorId !== null
      ? sql`exists (select 1 from user_follow f where f.follower_id = o.id and f.anchor_id = ${row.anchorId})`
      : sql`exists (select 1 from member_follow f where f.member_id = o.id
            and ((f.target_type = 'team' and f.target_id = any(${row.teamIds.map(String)}::bigint[]))
              or (f.target_type = 'league' and f.target_id = ${row.leagueId ?? 0})))`;
  return sql<{ member_id: string }>`
    select distinct o.id as member_id from unnest(${idArray(among)}) as o(id)
    where ${follows}
      and not exists (select 1 from notify_setting s where s.member_id = o.id and not ${switchColumn})`;
}

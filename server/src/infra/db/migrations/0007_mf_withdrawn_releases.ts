import { type Kysely, sql } from 'kysely';

/**
 * QA overrides may not name a release a rollback took out of traffic (modules/mf/overrideGrants.ts):
 * `withdrawn_at` marks it until an operation puts it back. Releases rolled back before this
 * migration are marked from the audit log (the dropped candidate, or the stable a `rollback --to`
 * replaced), unless they are in traffic now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mf_release').addColumn('withdrawn_at', 'timestamptz').execute();
  await sql`
    update mf_release r set withdrawn_at = a.at
    from (
      select remote, case when detail->>'dropped' = 'candidate' then release_id else detail->>'previousStable' end as release_id, max(at) as at
      from mf_audit where action = 'rollback' group by 1, 2
    ) a
    where a.remote = r.remote and a.release_id = r.release_id
      and not exists (
        select 1 from mf_rollout o
        where o.remote = r.remote and r.release_id in (coalesce(o.stable_release_id, ''), coalesce(o.candidate_release_id, ''))
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mf_release').dropColumn('withdrawn_at').execute();
}

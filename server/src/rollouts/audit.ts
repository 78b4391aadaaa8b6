import type { AuditAction, AuditEntry, RemoteName } from '@sports/shared/server';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../infra/db/schema';

export interface AuditRecord {
  remote: RemoteName;
  action: AuditAction;
  releaseId: string | null;
  actor: string;
  reason: string;
  detail?: Record<string, unknown>;
}

/** Who did what, when and why: written in the same transaction as the change it records. */
export async function writeAudit(db: Kysely<Database> | Transaction<Database>, record: AuditRecord): Promise<void> {
  await db
    .insertInto('mf_audit')
    .values({
      remote: record.remote,
      action: record.action,
      release_id: record.releaseId,
      actor: record.actor,
      reason: record.reason,
      detail: JSON.stringify(record.detail ?? {}),
    })
    .execute();
}

export async function readAudit(db: Kysely<Database>, remote: RemoteName | undefined, limit: number): Promise<AuditEntry[]> {
  let query = db.selectFrom('mf_audit').selectAll().orderBy('id', 'desc').limit(limit);
  if (remote) query = query.where('remote', '=', remote);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    remote: row.remote,
    action: row.action,
    releaseId: row.release_id,
    actor: row.actor,
    reason: row.reason,
    detail: row.detail,
    at: row.at.toISOString(),
  }));
}

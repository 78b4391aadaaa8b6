import type { ColumnType, Generated } from 'kysely';
import type { AuditAction, RemoteName, RouteManifest } from '@sports/shared/server';
import type { Timestamp } from './columnTypes';

/** Tables of the rollout control plane (server/src/rollouts/; migrations 0001, 0003, 0007, 0026). */

export interface MfTelemetryTable {
  id: Generated<number>;
  remote: RemoteName;
  version: string;
  phase: 'load' | 'render' | 'loaded';
  message: string;
  visitor: string | null;
  ip: string | null;
  route: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface MfReleaseTable {
  id: Generated<number>;
  remote: RemoteName;
  release_id: string;
  version: string;
  manifest: ColumnType<unknown, string, string>;
  created_by: string;
  created_at: Timestamp;
  /** Set when a rollback took it out of traffic (no QA override may name it); cleared when it is put back. */
  withdrawn_at: Date | null;
  /** Its checked route-manifest.json (migration 0026); null for releases registered before: no routes, no widgets. */
  route_manifest: ColumnType<RouteManifest | null, string | null | undefined, string | null>;
}

export interface MfRolloutTable {
  remote: RemoteName;
  stable_release_id: string | null;
  candidate_release_id: string | null;
  candidate_percent: Generated<number>;
  updated_at: Timestamp;
}

export interface MfAuditTable {
  id: Generated<number>;
  remote: RemoteName;
  action: AuditAction;
  release_id: string | null;
  actor: string;
  reason: string;
  detail: ColumnType<Record<string, unknown>, string, string>;
  at: Timestamp;
}

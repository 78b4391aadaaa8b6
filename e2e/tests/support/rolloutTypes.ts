/**
 * The control plane's answers as the journeys read them (shared/src/schemas/mfRollout.ts),
 * written out so the journeys check the server against the contract, not against itself.
 */
export interface RolloutState {
  remote: string;
  stable: string | null;
  candidate: string | null;
  candidatePercent: number;
  releases: { releaseId: string; version: string; createdBy: string; health: { loads: number; errors: number; errorRate: number } }[];
}

export interface AuditEntry {
  id: number;
  remote: string;
  action: 'publish' | 'canary' | 'promote' | 'rollback' | 'halt' | 'bootstrap';
  releaseId: string | null;
  actor: string;
  reason: string;
  detail: Record<string, unknown>;
  at: string;
}

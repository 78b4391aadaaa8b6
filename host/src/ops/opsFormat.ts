import { chinaSecondsText, type RolloutState } from '@sports/shared';

/** The share of visitors a release takes: the candidate its percentage, stable the rest. */
export function trafficShare(state: RolloutState, releaseId: string): number | null {
  if (releaseId === state.candidate) return state.candidatePercent;
  if (releaseId === state.stable) return state.candidate ? 100 - state.candidatePercent : 100;
  return null;
}

export function errorRateText(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** '2025-11-22T05:14:03Z' → '2025-11-22 13:14:03': China time, whatever the ops browser's zone (@sports/shared's chinaTime). */
export function opsTime(iso: string): string {
  return chinaSecondsText(iso);
}

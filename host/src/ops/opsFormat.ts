import type { RolloutState } from '@sports/shared';

/** The share of visitors a release takes: the candidate its percentage, stable the rest. */
export function trafficShare(state: RolloutState, releaseId: string): number | null {
  if (releaseId === state.candidate) return state.candidatePercent;
  if (releaseId === state.stable) return state.candidate ? 100 - state.candidatePercent : 100;
  return null;
}

export function errorRateText(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** '2025-11-22T05:14:03Z' → '2025-11-22 13:14:03' in the viewer's time zone. */
export function localTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

import type { AuditEntry, RolloutState } from '@sports/shared/server';

/** Left-aligned columns, two spaces apart; numeric columns (index in `right`) aligned right. */
export function table(header: string[], rows: string[][], right: ReadonlySet<number> = new Set()): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (right.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** '2025-11-22T05:14:03.123Z' → '2025-11-22 05:14:03Z'. */
export function shortTime(iso: string): string {
  return `${iso.replace('T', ' ').slice(0, 19)}Z`;
}

export function percentText(rate: number): string {
  return `${(rate * 100).toFixed(1)} %`;
}

/** The share of visitors each release takes: the candidate its percentage, stable the rest. */
export function trafficShare(state: RolloutState, releaseId: string): number | null {
  if (releaseId === state.candidate) return state.candidatePercent;
  if (releaseId === state.stable) return state.candidate ? 100 - state.candidatePercent : 100;
  return null;
}

function roleOf(state: RolloutState, releaseId: string): string {
  const share = trafficShare(state, releaseId);
  if (share === null) return '-';
  return `${releaseId === state.stable ? 'stable' : 'candidate'} ${share} %`;
}

/** `pnpm mf list`: per remote its stable and candidate with their shares, then its releases. */
export function formatRollouts(states: RolloutState[]): string[] {
  const lines: string[] = [];
  for (const state of states) {
    const stable = state.stable ? `${state.stable} (${trafficShare(state, state.stable)} %)` : 'none';
    const candidate = state.candidate ? `${state.candidate} (${state.candidatePercent} %)` : 'none';
    lines.push(`${state.remote}  stable ${stable}  candidate ${candidate}`);
    if (state.releases.length === 0) {
      lines.push('  no releases yet: pnpm mf publish ' + state.remote, '');
      continue;
    }
    const rows = state.releases.map((release) => [
      release.releaseId,
      release.version,
      roleOf(state, release.releaseId),
      String(release.health.loads),
      String(release.health.errors),
      percentText(release.health.errorRate),
      `${shortTime(release.createdAt)} by ${release.createdBy}`,
    ]);
    lines.push(...table(['RELEASE', 'VERSION', 'TRAFFIC', 'LOADS', 'ERRORS', 'ERROR RATE', 'PUBLISHED'], rows, new Set([3, 4, 5])).map((row) => `  ${row}`), '');
  }
  const window = states.flatMap((state) => state.releases)[0]?.health.windowSeconds;
  if (window !== undefined) lines.push(`loads, errors and error rates over the last ${window} s`);
  return lines;
}

/** The interesting part of an audit entry's detail, in a few words. */
export function auditDetail(entry: AuditEntry): string {
  const detail = entry.detail;
  if (Array.isArray(detail.refused)) return `refused: ${detail.refused.join('; ')}`;
  if (entry.action === 'canary' && typeof detail.percent === 'number') return `${detail.previousPercent ?? 0} % → ${detail.percent} %`;
  if (entry.action === 'halt') return `${detail.previousPercent ?? '?'} % → 0 % (${detail.errors ?? '?'} errors, ${detail.loads ?? '?'} loads)`;
  if (typeof detail.previousStable === 'string') return `was ${detail.previousStable}`;
  if (detail.dropped === 'candidate') return 'candidate dropped';
  return '';
}

/** `pnpm mf audit`: who did what, when and why. */
export function formatAudit(entries: AuditEntry[]): string[] {
  const rows = entries.map((entry) => [shortTime(entry.at), entry.remote, entry.action, entry.releaseId ?? '-', entry.actor, entry.reason, auditDetail(entry)]);
  return table(['WHEN', 'REMOTE', 'ACTION', 'RELEASE', 'WHO', 'WHY', 'DETAIL'], rows);
}

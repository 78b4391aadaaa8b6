import { describe, expect, it } from 'vitest';
import { byKickoff } from './kickoffOrder';

describe('rows by kick-off', () => {
  it('earliest first, equal instants equal', () => {
    const at = (kickoff_at: string) => ({ kickoff_at });
    const rows = [at('2026-12-02T19:45:00.000Z'), at('2026-12-02T08:00:00.000Z'), at('2026-12-01T23:30:00.000Z'), at('2026-12-02T08:00:00.000Z')];
    expect([...rows].sort(byKickoff).map((row) => row.kickoff_at)).toEqual(['2026-12-01T23:30:00.000Z', '2026-12-02T08:00:00.000Z', '2026-12-02T08:00:00.000Z', '2026-12-02T19:45:00.000Z']);
    expect(byKickoff(at('2026-12-02T08:00:00.000Z'), at('2026-12-02T08:00:00.000Z'))).toBe(0);
  });
});

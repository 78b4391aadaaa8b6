import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityStatus, fromChinaInput, toChinaInput, toSaveRequest } from './activityForm';

describe('the banner form values', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('datetime-local values are China time, whatever the browser zone', () => {
    for (const zone of ['Asia/Shanghai', 'UTC', 'America/New_York']) {
      vi.stubEnv('TZ', zone);
      const iso = fromChinaInput('2030-06-10T20:05');
      expect(iso, zone).toBe('2030-06-10T12:05:00.000Z');
      expect(toChinaInput(iso ?? ''), zone).toBe('2030-06-10T20:05');
      expect(toChinaInput('2030-06-10T16:30:00Z'), zone).toBe('2030-06-11T00:30');
    }
    expect(fromChinaInput('')).toBeNull();
    expect(fromChinaInput('tomorrow')).toBeNull();
    expect(toChinaInput('not a time')).toBe('');
  });

  it('a request trims and carries the id only when editing', () => {
    const values = { title: ' 活动 ', image: ' /uploads/ab.png ', link: '/web/#/main', target: '_blank' as const, startsAt: '2030-06-10T20:00', endsAt: '2030-06-11T20:00' };
    expect(toSaveRequest(values, null)).not.toHaveProperty('id');
    expect(toSaveRequest(values, 4)).toMatchObject({ id: 4, title: '活动', image: '/uploads/ab.png' });
  });

  it('status of a window: upcoming, active (start included), ended (end excluded)', () => {
    const window = { starts_at: '2030-01-01T00:00:00.000Z', ends_at: '2030-01-02T00:00:00.000Z' };
    expect(activityStatus(window, Date.parse('2029-12-31T23:59:59Z'))).toBe('upcoming');
    expect(activityStatus(window, Date.parse(window.starts_at))).toBe('active');
    expect(activityStatus(window, Date.parse(window.ends_at))).toBe('ended');
  });
});

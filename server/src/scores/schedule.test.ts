import { describe, expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { kickoffWindowOf } from './schedule';

// 00:05 on 8 Dec 2026 in China (UTC+8) is 16:05 UTC on 7 Dec.
const AFTER_MIDNIGHT = new Date('2026-12-07T16:05:00Z');
const DEC_8_STARTS = new Date('2026-12-07T16:00:00Z');
const DEC_9_STARTS = new Date('2026-12-08T16:00:00Z');

describe('kickoffWindowOf (all_match without and with a date)', () => {
  it('进行中 without a date: every match in play, whatever day it kicked off (23:30 is still on at 00:05)', () => {
    expect(kickoffWindowOf({ status: 'live' }, AFTER_MIDNIGHT)).toBeNull();
  });

  it('已结束 without a date: the last 24 hours, so the evening before is there at 00:05', () => {
    expect(kickoffWindowOf({ status: 'finished' }, AFTER_MIDNIGHT)).toEqual({ from: new Date('2026-12-06T16:05:00Z'), to: AFTER_MIDNIGHT });
  });

  it('未开始 without a date: today in China and the next 24 hours (the night after midnight)', () => {
    // 00:05: today from midnight, and on to 00:05 the day after.
    expect(kickoffWindowOf({ status: 'scheduled' }, AFTER_MIDNIGHT)).toEqual({ from: DEC_8_STARTS, to: new Date('2026-12-08T16:05:00Z') });
    // 23:00 on 8 Dec in China (15:00 UTC): the 03:00 kick-off of 9 Dec is in, until 23:00 on 9 Dec.
    const lateEvening = new Date('2026-12-08T15:00:00Z');
    expect(kickoffWindowOf({ status: 'scheduled' }, lateEvening)).toEqual({ from: DEC_8_STARTS, to: new Date('2026-12-09T15:00:00Z') });
  });

  it('every status without a date: today in China', () => {
    expect(kickoffWindowOf({}, AFTER_MIDNIGHT)).toEqual({ from: DEC_8_STARTS, to: DEC_9_STARTS });
  });

  it('a date names that China day for every status, in play and finished too', () => {
    for (const status of ['live', 'finished', 'scheduled', undefined] as const) {
      expect(kickoffWindowOf({ date: '2026-12-07', ...(status ? { status } : {}) }, AFTER_MIDNIGHT)).toEqual({ from: new Date('2026-12-06T16:00:00Z'), to: DEC_8_STARTS });
    }
  });

  it('refuses an impossible date', () => {
    expect(() => kickoffWindowOf({ date: '2026-02-30' }, AFTER_MIDNIGHT)).toThrow(errors.SCORES_BAD_DATE.message);
  });
});

import { describe, expect, it } from 'vitest';
import { type CandidateRoom, EMPTY_PROFILE, type FanProfile, isEmptyProfile, rankForGuest, rankForMember, scoreRoom } from './roomScore';

const room = (roomId: number, options: Partial<CandidateRoom> = {}): CandidateRoom => ({ roomId, ownerId: 1000 + roomId, type: 1, online: 0, match: null, ...options });
const profile = (options: Partial<FanProfile> = {}): FanProfile => ({ ...EMPTY_PROFILE, ...options });

describe('the 为你推荐 score (README.md, hand-computed)', () => {
  it('adds each part by its weight', () => {
    // 100 (anchor) + 60 (team) + 40 (league) + 25 × min(1, 900/1800) = 12.5 + 30 × 600/1000 = 18 + 10 × log10(1 + 99) = 20
    const fan = profile({
      anchors: new Set([1001]),
      teams: new Set([7]),
      leagues: new Set([3]),
      roomSeconds: new Map([[1, 900]]),
      typeSeconds: new Map([
        [1, 600],
        [2, 400],
      ]),
    });
    const scored = scoreRoom(room(1, { online: 99, match: { homeTeamId: 8, awayTeamId: 7, competitionId: 3 } }), fan);
    expect(scored.score).toBe(250.5);
    expect(scored.reason).toBe('followed_anchor');
  });

  it('caps the watched-anchor part at 30 minutes and names the strongest part as the reason', () => {
    const fan = profile({ roomSeconds: new Map([[2, 7200]]), typeSeconds: new Map([[2, 7200]]) });
    // 25 (capped) + 30 × 1 (all my watching is basketball) + 0 popularity
    const scored = scoreRoom(room(2, { type: 2 }), fan);
    expect(scored).toMatchObject({ score: 55, reason: 'watched_sport' });
    // A football room for the same fan: nothing personal, popularity 10 × log10(1000) = 30.
    expect(scoreRoom(room(3, { online: 999 }), fan)).toMatchObject({ score: 30, reason: 'popular' });
  });

  it('a followed team on either side counts once', () => {
    const fan = profile({ teams: new Set([7, 8]) });
    expect(scoreRoom(room(4, { match: { homeTeamId: 7, awayTeamId: 8, competitionId: 3 } }), fan)).toMatchObject({ score: 60, reason: 'followed_team' });
  });

  it("ranks a followed anchor's quiet room above a crowded one, then by score, viewers and id", () => {
    const fan = profile({ anchors: new Set([1005]) });
    const rooms = [room(1, { online: 50_000 }), room(5, { online: 3 }), room(2, { online: 10 }), room(3, { online: 10 })];
    expect(rankForMember(rooms, fan, 3).map((scored) => scored.room.roomId)).toEqual([5, 1, 2]);
  });

  it('a guest gets popularity with at most half the row from one sport while others remain', () => {
    const rooms = [
      room(1, { online: 900 }),
      room(2, { online: 800 }),
      room(3, { online: 700 }),
      room(4, { online: 600 }),
      room(5, { online: 5, type: 3 }),
      room(6, { online: 1, type: 2 }),
    ];
    // Limit 4: cap 2 football rooms, then the esports and basketball rooms; no football room left over fits.
    expect(rankForGuest(rooms, 4).map((scored) => scored.room.roomId)).toEqual([1, 2, 5, 6]);
    // Limit 6: the held-back football rooms fill the end in their order.
    expect(rankForGuest(rooms, 6).map((scored) => scored.room.roomId)).toEqual([1, 2, 3, 5, 6, 4]);
    expect(rankForGuest(rooms, 6).every((scored) => scored.reason === 'popular')).toBe(true);
  });

  it('an empty profile is one with no follows and no history', () => {
    expect(isEmptyProfile(EMPTY_PROFILE)).toBe(true);
    expect(isEmptyProfile(profile({ leagues: new Set([1]) }))).toBe(false);
  });
});

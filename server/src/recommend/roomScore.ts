import type { RecommendReason } from '@sports/shared/server';

/**
 * The score of a live room for the 为你推荐 row (README.md, "The score"): pure, so the weights are
 * tested on hand-computed cases (roomScore.test.ts).
 *
 *   score = 100 × followed anchor
 *         +  60 × the room's match involves a followed team
 *         +  40 × the room's match is in a followed league
 *         +  25 × min(1, my seconds in this room in the last 30 days / 1800)
 *         +  30 × my share of watched seconds in the room's sport (0…1, last 30 days)
 *         +  10 × log10(1 + viewers online)
 *
 * Follows outweigh history, history outweighs popularity: 10,000 viewers add 40, less than a
 * followed anchor or team. Equal scores: more viewers first, then the lower room id.
 */
export const WEIGHTS = {
  followedAnchor: 100,
  followedTeam: 60,
  followedLeague: 40,
  watchedAnchor: 25,
  watchedSport: 30,
  popularity: 10,
} as const;

/** Watching a room this long in 30 days counts in full for `watchedAnchor`. */
export const WATCHED_ANCHOR_FULL_SECONDS = 1_800;
/** The watch history the score reads. */
export const HISTORY_DAYS = 30;

/** A live room as the score sees it. */
export interface CandidateRoom {
  roomId: number;
  ownerId: number;
  /** 1 football, 2 basketball, 3 esports, 4 general. */
  type: number;
  online: number;
  /** The room's match: its teams and competition, or null. */
  match: { homeTeamId: number; awayTeamId: number; competitionId: number } | null;
}

/** What the member follows and watched (empty for guests). */
export interface FanProfile {
  anchors: ReadonlySet<number>;
  teams: ReadonlySet<number>;
  leagues: ReadonlySet<number>;
  /** Seconds watched per room, last HISTORY_DAYS days. */
  roomSeconds: ReadonlyMap<number, number>;
  /** Seconds watched per room type, last HISTORY_DAYS days. */
  typeSeconds: ReadonlyMap<number, number>;
}

export const EMPTY_PROFILE: FanProfile = { anchors: new Set(), teams: new Set(), leagues: new Set(), roomSeconds: new Map(), typeSeconds: new Map() };

/** Nothing to personalise on: the row falls back to popularity with a sport mix. */
export function isEmptyProfile(profile: FanProfile): boolean {
  return profile.anchors.size === 0 && profile.teams.size === 0 && profile.leagues.size === 0 && profile.roomSeconds.size === 0;
}

export interface ScoredRoom {
  room: CandidateRoom;
  score: number;
  reason: RecommendReason;
}

export function popularityOf(online: number): number {
  return WEIGHTS.popularity * Math.log10(1 + Math.max(0, online));
}

/** The score and its strongest part (the reason the card may show). */
export function scoreRoom(room: CandidateRoom, profile: FanProfile): ScoredRoom {
  const totalSeconds = [...profile.typeSeconds.values()].reduce((sum, seconds) => sum + seconds, 0);
  const involvesTeam = room.match !== null && (profile.teams.has(room.match.homeTeamId) || profile.teams.has(room.match.awayTeamId));
  const parts: [RecommendReason, number][] = [
    ['followed_anchor', profile.anchors.has(room.ownerId) ? WEIGHTS.followedAnchor : 0],
    ['followed_team', involvesTeam ? WEIGHTS.followedTeam : 0],
    ['followed_league', room.match !== null && profile.leagues.has(room.match.competitionId) ? WEIGHTS.followedLeague : 0],
    ['watched_anchor', WEIGHTS.watchedAnchor * Math.min(1, (profile.roomSeconds.get(room.roomId) ?? 0) / WATCHED_ANCHOR_FULL_SECONDS)],
    ['watched_sport', totalSeconds === 0 ? 0 : (WEIGHTS.watchedSport * (profile.typeSeconds.get(room.type) ?? 0)) / totalSeconds],
    ['popular', popularityOf(room.online)],
  ];
  const score = parts.reduce((sum, [, value]) => sum + value, 0);
  // The first part with the largest value; popularity only when nothing personal counts.
  const personal = parts.slice(0, -1).filter(([, value]) => value > 0);
  const reason = personal.length === 0 ? 'popular' : personal.reduce((best, part) => (part[1] > best[1] ? part : best))[0];
  return { room, score: Math.round(score * 100) / 100, reason };
}

const byScore = (a: ScoredRoom, b: ScoredRoom) => b.score - a.score || b.room.online - a.room.online || a.room.roomId - b.room.roomId;

/** A member's row: every live room scored, the best `limit`. */
export function rankForMember(rooms: readonly CandidateRoom[], profile: FanProfile, limit: number): ScoredRoom[] {
  return rooms.map((room) => scoreRoom(room, profile)).sort(byScore).slice(0, limit);
}

/**
 * The guests' row (and a member's with no follows and no history): by popularity, with a sport mix:
 * no sport takes more than half the row (rounded up) while rooms of other sports are left; the
 * rooms held back fill the row at the end, in their order.
 */
export function rankForGuest(rooms: readonly CandidateRoom[], limit: number): ScoredRoom[] {
  const sorted = rooms.map((room) => scoreRoom(room, EMPTY_PROFILE)).sort(byScore);
  const cap = Math.ceil(limit / 2);
  const perType = new Map<number, number>();
  const picked: ScoredRoom[] = [];
  const heldBack: ScoredRoom[] = [];
  for (const scored of sorted) {
    if (picked.length === limit) break;
    const count = perType.get(scored.room.type) ?? 0;
    if (count >= cap) {
      heldBack.push(scored);
      continue;
    }
    perType.set(scored.room.type, count + 1);
    picked.push(scored);
  }
  return [...picked, ...heldBack].slice(0, limit);
}

import { RECOMMEND_ROOMS_MAX, type RecommendRooms } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { type RoomPresence, roomCards } from '../live/index';
import { fanProfile, liveCandidates } from './recommendReads';
import { isEmptyProfile, rankForGuest, rankForMember } from './roomScore';

/**
 * `api/Recommend/rooms` (README.md): the live rooms ranked by roomScore.ts for a member with
 * follows or watch history; by popularity with a sport mix for guests and members with neither.
 */
export async function recommendRooms(db: Kysely<Database>, presence: RoomPresence, memberId: number | null, now: Date, limit = RECOMMEND_ROOMS_MAX): Promise<RecommendRooms> {
  const [candidates, profile] = await Promise.all([liveCandidates(db, presence), memberId === null ? null : fanProfile(db, memberId, now)]);
  const personal = profile !== null && !isEmptyProfile(profile);
  const ranked = personal ? rankForMember(candidates, profile, limit) : rankForGuest(candidates, limit);
  const cards = await roomCards(db, presence, ranked.map((scored) => scored.room.roomId));
  const byId = new Map(cards.map((card) => [card.room_id, card]));
  return {
    basis: personal ? 'personal' : 'popular',
    // A room deleted between the two reads is left out.
    list: ranked.flatMap((scored) => {
      const room = byId.get(scored.room.roomId);
      return room === undefined ? [] : [{ room, reason: scored.reason, score: scored.score }];
    }),
  };
}

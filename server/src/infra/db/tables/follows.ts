import type { Timestamp } from './columnTypes';

/** Follows of teams, leagues (competitions) and players (关注, migration 0043; server/src/follows/README.md). Anchors: `user_follow` (tables/live.ts). */
export interface MemberFollowTable {
  member_id: number;
  target_type: 'team' | 'league' | 'player';
  target_id: number;
  created_at: Timestamp;
}

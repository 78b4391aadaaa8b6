import { atom } from 'jotai';
import type { FollowIds } from '../schemas/follows';

/** The member's followed ids per type (api/Follow/ids), as sets for the stars and the 关注 filter. */
export interface FollowIdSets {
  team: ReadonlySet<number>;
  league: ReadonlySet<number>;
  player: ReadonlySet<number>;
  anchor: ReadonlySet<number>;
}

/**
 * Whose ids the page holds (`owner`: the signed-in user) and where their loading stands. One per
 * page (the page's jotai store): every star and filter of every remote reads it, and
 * `api/Follow/ids` is called once per page load and user.
 */
export type FollowIdsState =
  | { status: 'idle' }
  | { status: 'loading'; owner: string }
  | { status: 'ready'; owner: string; ids: FollowIdSets }
  | { status: 'failed'; owner: string };

export const followIdsAtom = atom<FollowIdsState>({ status: 'idle' });

export const NO_FOLLOW_IDS: FollowIdSets = { team: new Set(), league: new Set(), player: new Set(), anchor: new Set() };

export function followIdSets(ids: FollowIds): FollowIdSets {
  return { team: new Set(ids.team), league: new Set(ids.league), player: new Set(ids.player), anchor: new Set(ids.anchor) };
}

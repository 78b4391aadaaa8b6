import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
// The root entry's modules by name (this file is @sports/shared/follows, another singleton): the
// page's one ApiError class, login prompt and user atom, not copies bundled in here.
import { ApiError, requireLogin, userInfoAtom, type RemoteContext, type SportsStore, type UserInfo } from '@sports/shared';
import type { FollowTargetType } from '../schemas/follows';
import { followCopy } from './followCopy';
import { type FollowIdSets, NO_FOLLOW_IDS, followIdSets, followIdsAtom } from './followIdsAtom';
import { followsApi } from './followsApi';

const FOLLOW_TOAST_MS = 2_000;

/** What a star or a filter needs of the member's follows. */
export interface Follows {
  /** A member is signed in (a guest's star asks them to log in). */
  loggedIn: boolean;
  /** The ids are loaded (a member's stars show their state). */
  ready: boolean;
  ids: FollowIdSets;
  isFollowing: (type: FollowTargetType, id: number) => boolean;
  /** Follow or unfollow (the opposite of now); a guest gets 请登录后操作 and the login modal. */
  toggle: (type: FollowTargetType, id: number, name: string) => void;
}

/** The follows being sent, per page store: a second click on a star waits for the first. */
const inFlight = new WeakMap<SportsStore, Set<string>>();

function ownerOf(user: UserInfo | null): string | null {
  return user === null ? null : String(user.id ?? user.user_nickname);
}

/** Loads the member's followed ids into the page's store once (every star and remote shares the one call). */
export function ensureFollowIds(context: Pick<RemoteContext, 'store' | 'api'>, owner: string): void {
  const current = context.store.get(followIdsAtom);
  if (current.status !== 'idle' && current.status !== 'failed' && current.owner === owner) return;
  context.store.set(followIdsAtom, { status: 'loading', owner });
  followsApi(context.api)
    .ids()
    .then((ids) => {
      const now = context.store.get(followIdsAtom);
      if (now.status === 'loading' && now.owner === owner) context.store.set(followIdsAtom, { status: 'ready', owner, ids: followIdSets(ids) });
    })
    .catch(() => {
      const now = context.store.get(followIdsAtom);
      if (now.status === 'loading' && now.owner === owner) context.store.set(followIdsAtom, { status: 'failed', owner });
    });
}

/** Sets one id followed or not in the store (the optimistic step and its rollback), if the owner is still the same. */
function setFollowed(store: SportsStore, owner: string, type: FollowTargetType, id: number, following: boolean): void {
  const state = store.get(followIdsAtom);
  if (state.status !== 'ready' || state.owner !== owner) return;
  const next = new Set(state.ids[type]);
  if (following) next.add(id);
  else next.delete(id);
  store.set(followIdsAtom, { ...state, ids: { ...state.ids, [type]: next } });
}

/**
 * The member's follows of teams, leagues, players (and anchors' ids), shared by every star of the
 * page: loaded once (`api/Follow/ids`), a toggle shows at once and is undone with the API
 * client's error toast when the server refuses. Following what the server already has followed
 * (another tab) keeps the star as asked.
 */
export function useFollows(context: RemoteContext): Follows {
  const user = useAtomValue(userInfoAtom, { store: context.store });
  const state = useAtomValue(followIdsAtom, { store: context.store });
  const owner = ownerOf(user);

  useEffect(() => {
    if (owner !== null) ensureFollowIds(context, owner);
  }, [context, owner]);

  const ready = owner !== null && state.status === 'ready' && state.owner === owner;
  const ids = ready ? state.ids : NO_FOLLOW_IDS;

  const toggle = useCallback(
    (type: FollowTargetType, id: number, name: string) => {
      if (!requireLogin(context) || owner === null) return;
      const { store, eventBus } = context;
      const now = store.get(followIdsAtom);
      if (now.status !== 'ready' || now.owner !== owner) return;
      const key = `${type}:${id}`;
      const sending = inFlight.get(store) ?? new Set<string>();
      inFlight.set(store, sending);
      if (sending.has(key)) return;
      sending.add(key);
      const follow = !now.ids[type].has(id);
      setFollowed(store, owner, type, id, follow);
      followsApi(context.api)
        .set(type, id, follow)
        .then(() => eventBus.emit('toast', { kind: 'success', message: follow ? followCopy.followed(name) : followCopy.unfollowed(name), durationMs: FOLLOW_TOAST_MS }))
        .catch((error: unknown) => {
          const reason = error instanceof ApiError ? error.reason : null;
          // Already so on the server (another tab): the star shows what was asked, which is true.
          if ((follow && reason === 'FOLLOW_ALREADY') || (!follow && reason === 'FOLLOW_NOT_FOLLOWING')) return;
          setFollowed(store, owner, type, id, !follow);
          // An answered failure has had its toast from the API client; no answer has not.
          if (!(error instanceof ApiError) || error.code === null) eventBus.emit('toast', { kind: 'error', message: followCopy.failed, durationMs: FOLLOW_TOAST_MS });
        })
        .finally(() => sending.delete(key));
    },
    [context, owner],
  );

  return useMemo(() => ({ loggedIn: owner !== null, ready, ids, isFollowing: (type: FollowTargetType, id: number) => ids[type].has(id), toggle }), [owner, ready, ids, toggle]);
}

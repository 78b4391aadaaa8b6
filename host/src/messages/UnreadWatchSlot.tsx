import { useAtomValue } from 'jotai';
import { userInfoAtom } from '@sports/shared';
import { onDemand } from '../app/onDemand';

/** The member's unread count and push (UnreadWatch.tsx and the connections it opens), a chunk of its own. */
const unreadWatch = onDemand(() => import(/* webpackChunkName: "unread-watch" */ './UnreadWatch'));

/**
 * Where App mounts UnreadWatch (issue 38: the first visit's bytes): a visitor's page has nothing
 * to watch, so its code is fetched when a member is signed in (at once for a saved member, beside
 * the first screen's chunks; its push already waited for the chat client's chunk). Once here it
 * stays mounted: signing out is its to handle (the count cleared, the push stopped).
 */
export function UnreadWatchSlot() {
  const signedIn = useAtomValue(userInfoAtom) !== null;
  const UnreadWatch = unreadWatch.useLoaded(signedIn)?.UnreadWatch;
  return UnreadWatch ? <UnreadWatch /> : null;
}

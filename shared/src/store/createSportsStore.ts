import { createStore } from 'jotai';
import { EMPTY_SESSION, sessionAtom } from './sessionAtoms';
import { navIndexAtom, userInfoAtom } from './persistedAtoms';

/** One store per page, created by the host and handed to every remote. */
export type SportsStore = ReturnType<typeof createStore>;

export function createSportsStore(): SportsStore {
  return createStore();
}

/** Code 700 and log out: forget the user here and in localStorage, back to the home nav index. */
export function clearSavedSession(store: SportsStore): void {
  store.set(userInfoAtom, null);
  store.set(sessionAtom, EMPTY_SESSION);
  store.set(navIndexAtom, 0);
}

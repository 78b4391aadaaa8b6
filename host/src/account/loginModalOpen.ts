import { atom } from 'jotai';

/**
 * Whether the login modal is open. Set while the 'login:open' event is being heard (not after a
 * render), so a second please-log-in prompt in the same moment already sees the modal open.
 */
export const loginModalOpenAtom = atom(false);

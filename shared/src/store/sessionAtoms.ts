import { atom, type SetStateAction } from 'jotai';
import type { SystemConfig } from '../schemas/systemConfig';
import { userInfoAtom, type UserInfo } from './persistedAtoms';

/** The session store of SPEC.md section 3 (in memory, not persisted). */
export interface SessionState {
  /** Empty in the browser: the token travels in an HttpOnly cookie the page cannot read. */
  token: string;
  /** The logged-in user's nickname (`userInfoAtom.user_nickname`); '' for a visitor. */
  name: string;
  /** The logged-in user's avatar (`userInfoAtom.avatar`); '' for a visitor. */
  avatar: string;
  /** Chat login flag, as SPEC.md section 4 sets it (success sets false, failure true). */
  islogin: boolean;
  /** The logged-in user's saved profile (`userInfoAtom`); null for a visitor. */
  data: UserInfo | null;
  /**
   * Object-storage upload token. Stays '': an upload token (`POST api/Member/getQiniuToken`) is
   * a bearer secret for ONE file, valid 10 minutes, so the remote that uploads fetches it right
   * before the upload and keeps it to itself (a page-wide copy could be spent by another remote
   * or reused after it was spent or expired).
   */
  QiniuToken: string;
}

export const EMPTY_SESSION: SessionState = {
  token: '',
  name: '',
  avatar: '',
  islogin: false,
  data: null,
  QiniuToken: '',
};

/** The fields the session holds itself; name, avatar and data follow `userInfoAtom`. */
type SessionOwnFields = Pick<SessionState, 'token' | 'islogin' | 'QiniuToken'>;

const sessionOwnAtom = atom<SessionOwnFields>({ token: EMPTY_SESSION.token, islogin: EMPTY_SESSION.islogin, QiniuToken: EMPTY_SESSION.QiniuToken });

/**
 * The session store. `name`, `avatar` and `data` are read from `userInfoAtom`, the one saved
 * profile every writer updates (login, the refresh at page load, a profile change in
 * mf-member, log out / code 700), so they always match it; to change them write
 * `userInfoAtom` (values written here for them are ignored). `token`, `islogin` and
 * `QiniuToken` are held here and written as before (`store.set(sessionAtom, (s) => …)`).
 */
export const sessionAtom = atom(
  (get): SessionState => {
    const own = get(sessionOwnAtom);
    const user = get(userInfoAtom);
    return { ...own, name: user?.user_nickname ?? '', avatar: user?.avatar ?? '', data: user };
  },
  (get, set, update: SetStateAction<SessionState>) => {
    const next = typeof update === 'function' ? update(get(sessionAtom)) : update;
    set(sessionOwnAtom, { token: next.token, islogin: next.islogin, QiniuToken: next.QiniuToken });
  },
);

/** System configuration from `GET api/universal/getHot`; null until loaded. */
export const systemConfigAtom = atom<SystemConfig | null>(null);

/** Guest id (youkeid) for visitors without an account. */
export const guestIdAtom = atom<string>('');

import { atom } from 'jotai';
import type { SystemConfig } from '../schemas/systemConfig';

/** The session store of SPEC.md section 3 (in memory, not persisted). */
export interface SessionState {
  /** Empty in the browser: the token travels in an HttpOnly cookie the page cannot read. */
  token: string;
  name: string;
  avatar: string;
  /** Chat login flag, as SPEC.md section 4 sets it (success sets false, failure true). */
  islogin: boolean;
  data: unknown;
  /** Object-storage upload token. */
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

export const sessionAtom = atom<SessionState>(EMPTY_SESSION);

/** System configuration from `GET api/universal/getHot`; null until loaded. */
export const systemConfigAtom = atom<SystemConfig | null>(null);

/** Guest id (youkeid) for visitors without an account. */
export const guestIdAtom = atom<string>('');

import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * Local settings of SPEC.md section 3, kept in localStorage under exactly these keys.
 * `getOnInit` reads the saved value synchronously so the first render already has it.
 */
function persisted<Value>(key: string, initialValue: Value) {
  const storage = createJSONStorage<Value>(() => localStorage);
  return atomWithStorage<Value>(key, initialValue, storage, { getOnInit: true });
}

export interface GameSetting {
  red: boolean;
  voice: boolean;
  yellow: boolean;
}

export interface ImmediatelySetting {
  value1: boolean;
  value2: boolean;
  value3: boolean;
  value4: boolean;
}

export interface SavedAccount {
  mobile: string;
  password: string;
}

export interface UserInfo {
  user_nickname: string;
  avatar: string;
  /** Experience points; the level shown is derived from it. */
  exp: number;
  /** Wallet balance in integer units. */
  balance: number;
  is_anchor: 0 | 1;
  /** Kept for the SPEC's field list; in the browser the real token lives in an HttpOnly cookie. */
  token?: string;
  id?: number;
}

export interface ChatIdentity {
  id: string;
  /** Members carry userSig, guests carry sig (SPEC.md section 3). */
  userSig?: string;
  sig?: string;
}

export interface DanmakuSetting {
  show: boolean;
  area: number;
  size: number;
  opacity: number;
}

export const DEFAULT_GAME_SETTING: GameSetting = { red: true, voice: true, yellow: true };
export const DEFAULT_IMMEDIATELY: ImmediatelySetting = { value1: true, value2: true, value3: false, value4: false };
export const DEFAULT_DANMAKU: DanmakuSetting = { show: true, area: 3, size: 2, opacity: 100 };

export const gameSetingAtom = persisted<GameSetting>('gameSeting', DEFAULT_GAME_SETTING);
export const immediatelyAtom = persisted<ImmediatelySetting>('immediately', DEFAULT_IMMEDIATELY);
export const historyListAtom = persisted<string[]>('historyList', []);
export const accountAtom = persisted<SavedAccount | null>('account', null);
/** The active nav index (SPEC.md section 2); code 700 resets it to 0. */
export const navIndexAtom = persisted<number>('index', 0);
export const userInfoAtom = persisted<UserInfo | null>('userInfo', null);
export const imTouristAccountAtom = persisted<ChatIdentity | null>('imTouristAccount', null);
export const danmakuSystemAtom = persisted<DanmakuSetting>('danmakuSystem', DEFAULT_DANMAKU);

/** The keys above, for tests and for clearing saved user data. */
export const PERSISTED_KEYS = [
  'gameSeting',
  'immediately',
  'historyList',
  'account',
  'index',
  'userInfo',
  'imTouristAccount',
  'danmakuSystem',
] as const;

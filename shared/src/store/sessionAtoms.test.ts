import { afterEach, describe, expect, it } from 'vitest';
import { clearSavedSession, createSportsStore } from './createSportsStore';
import { userInfoAtom, type UserInfo } from './persistedAtoms';
import { EMPTY_SESSION, sessionAtom } from './sessionAtoms';

const USER: UserInfo = { id: 7, user_nickname: '球迷小王', avatar: 'https://example.test/a.png', exp: 12, balance: 3500, is_anchor: 0 };

afterEach(() => localStorage.clear());

describe('the session store (SPEC.md section 3)', () => {
  it('a visitor: empty name and avatar, data null, no token', () => {
    const store = createSportsStore();
    expect(store.get(sessionAtom)).toEqual(EMPTY_SESSION);
  });

  it('name, avatar and data follow userInfoAtom: login, a profile change, log out', () => {
    const store = createSportsStore();
    store.set(userInfoAtom, USER);
    expect(store.get(sessionAtom)).toMatchObject({ name: '球迷小王', avatar: USER.avatar, data: USER, token: '', QiniuToken: '' });

    const renamed = { ...USER, user_nickname: '新昵称', avatar: '/uploads/abc.png' };
    store.set(userInfoAtom, renamed);
    expect(store.get(sessionAtom)).toMatchObject({ name: '新昵称', avatar: '/uploads/abc.png', data: renamed });

    clearSavedSession(store);
    expect(store.get(sessionAtom)).toEqual(EMPTY_SESSION);
  });

  it('islogin is written as before and kept beside the profile; writes of name/avatar/data are ignored', () => {
    const store = createSportsStore();
    store.set(userInfoAtom, USER);
    store.set(sessionAtom, (session) => ({ ...session, islogin: true, name: 'ignored', data: null }));
    expect(store.get(sessionAtom)).toMatchObject({ islogin: true, name: '球迷小王', data: USER });
    store.set(userInfoAtom, { ...USER, avatar: 'https://example.test/b.png' });
    expect(store.get(sessionAtom)).toMatchObject({ islogin: true, avatar: 'https://example.test/b.png' });
  });

  it('subscribers hear of a profile change', () => {
    const store = createSportsStore();
    const seen: string[] = [];
    const unsubscribe = store.sub(sessionAtom, () => seen.push(store.get(sessionAtom).name));
    store.set(userInfoAtom, USER);
    unsubscribe();
    expect(seen).toEqual(['球迷小王']);
  });
});

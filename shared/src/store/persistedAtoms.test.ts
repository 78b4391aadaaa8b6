import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSportsStore } from './createSportsStore';
import {
  accountAtom,
  danmakuSystemAtom,
  gameSetingAtom,
  historyListAtom,
  immediatelyAtom,
  imTouristAccountAtom,
  navIndexAtom,
  userInfoAtom,
} from './persistedAtoms';

beforeEach(() => localStorage.clear());

describe('persisted settings (SPEC.md section 3)', () => {
  it('start from the SPEC defaults', () => {
    const store = createSportsStore();
    expect(store.get(gameSetingAtom)).toEqual({ red: true, voice: true, yellow: true });
    expect(store.get(immediatelyAtom)).toEqual({ value1: true, value2: true, value3: false, value4: false });
    expect(store.get(danmakuSystemAtom)).toEqual({ show: true, area: 3, size: 2, opacity: 100 });
    expect(store.get(historyListAtom)).toEqual([]);
    expect(store.get(navIndexAtom)).toBe(0);
    expect(store.get(userInfoAtom)).toBeNull();
    expect(store.get(accountAtom)).toBeNull();
    expect(store.get(imTouristAccountAtom)).toBeNull();
  });

  it('are kept in localStorage under the SPEC key names and read back by a new page', async () => {
    const first = createSportsStore();
    first.set(gameSetingAtom, { red: false, voice: false, yellow: true });
    first.set(historyListAtom, ['英超']);
    first.set(navIndexAtom, 2);
    first.set(imTouristAccountAtom, { id: 'guest_1', sig: 'abc' });
    expect(JSON.parse(localStorage.getItem('gameSeting') ?? '')).toEqual({ red: false, voice: false, yellow: true });
    expect(JSON.parse(localStorage.getItem('historyList') ?? '')).toEqual(['英超']);
    expect(localStorage.getItem('index')).toBe('2');
    expect(JSON.parse(localStorage.getItem('imTouristAccount') ?? '')).toEqual({ id: 'guest_1', sig: 'abc' });

    // A new page loads the modules afresh, and the atoms read what was saved.
    vi.resetModules();
    const fresh = await import('./persistedAtoms');
    const reloaded = (await import('./createSportsStore')).createSportsStore();
    expect(reloaded.get(fresh.gameSetingAtom)).toEqual({ red: false, voice: false, yellow: true });
    expect(reloaded.get(fresh.historyListAtom)).toEqual(['英超']);
    expect(reloaded.get(fresh.navIndexAtom)).toBe(2);
  });
});

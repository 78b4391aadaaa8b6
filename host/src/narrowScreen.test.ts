import { NARROW_SCREEN_MAX_WIDTH_PX } from '@sports/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NARROW_SCREEN_WIDTH_PX, appBodyWidth, isNarrowScreen } from './narrowScreen';

afterEach(() => vi.restoreAllMocks());

describe('isNarrowScreen (main.js, before the app loads)', () => {
  it('uses the shared width', () => {
    expect(NARROW_SCREEN_WIDTH_PX).toBe(NARROW_SCREEN_MAX_WIDTH_PX);
  });

  it.each([
    [0, false],
    [375, true],
    [500, true],
    [501, false],
    [1280, false],
  ])('a body %i px wide is narrow: %s', (width, narrow) => {
    vi.spyOn(document.body, 'clientWidth', 'get').mockReturnValue(width);
    expect(isNarrowScreen()).toBe(narrow);
    expect(isNarrowScreen(width)).toBe(narrow);
  });

  it("reads the app's body width before its styles from the viewport (the body still has 8 px margins)", () => {
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(501);
    expect(appBodyWidth()).toBe(501);
  });
});

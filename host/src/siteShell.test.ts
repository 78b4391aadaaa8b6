import { describe, expect, it } from 'vitest';
import { shellForWidth, shellOfPath, shellRedirectFor, shellUrl } from './siteShell';

describe('shellOfPath', () => {
  it.each([
    ['/h5', 'mobile'],
    ['/h5/', 'mobile'],
    ['/h5/index.html', 'mobile'],
    ['/web/', 'desktop'],
    ['/h50/', 'desktop'],
    ['/', 'desktop'],
  ])('%s is the %s shell', (pathname, shell) => {
    expect(shellOfPath(pathname)).toBe(shell);
  });
});

describe('shellForWidth', () => {
  it.each([
    [0, null],
    [360, 'mobile'],
    [500, 'mobile'],
    [501, 'desktop'],
    [1280, 'desktop'],
  ])('a body %i px wide belongs on %s', (width, shell) => {
    expect(shellForWidth(width)).toBe(shell);
  });
});

describe('shellUrl', () => {
  it('keeps the hash route', () => {
    expect(shellUrl('mobile', '#/live?id=3')).toBe('/h5/#/live?id=3');
    expect(shellUrl('desktop', '#/circle-detail?id=9&x=%E4%B8%AD')).toBe('/web/#/circle-detail?id=9&x=%E4%B8%AD');
  });

  it("opens the shell's root for no route or a hash that is not a route", () => {
    expect(shellUrl('mobile', '')).toBe('/h5/');
    expect(shellUrl('mobile', '#top')).toBe('/h5/');
    expect(shellUrl('desktop', '#/a b')).toBe('/web/');
  });
});

describe('shellRedirectFor (main.js and on resize)', () => {
  it('sends a narrow screen on the desktop site to the same page on /h5', () => {
    expect(shellRedirectFor('desktop', 390, '#/live?id=3')).toBe('/h5/#/live?id=3');
    expect(shellRedirectFor('desktop', 500, '#/main')).toBe('/h5/#/main');
  });

  it('sends a wider screen on /h5 to the same page on the desktop site', () => {
    expect(shellRedirectFor('mobile', 1280, '#/football')).toBe('/web/#/football');
    expect(shellRedirectFor('mobile', 501, '')).toBe('/web/');
  });

  it('keeps a page on the shell its width belongs on, and one not laid out yet', () => {
    expect(shellRedirectFor('desktop', 501, '#/main')).toBeNull();
    expect(shellRedirectFor('mobile', 500, '#/main')).toBeNull();
    expect(shellRedirectFor('mobile', 0, '#/main')).toBeNull();
    expect(shellRedirectFor('desktop', 0, '#/main')).toBeNull();
  });
});

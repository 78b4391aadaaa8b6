import { describe, expect, it } from 'vitest';
import { asMobileShellPage } from './mobileShellPage';

const BUILT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>体育直播</title><script defer src="/web/main.js"></script></head><body><div id="root"></div></body></html>`;

describe('asMobileShellPage', () => {
  it("keeps the host's scripts and root, with the mobile viewport (notch: viewport-fit=cover) and title", () => {
    const html = asMobileShellPage(BUILT);
    expect(html).toContain('<script defer src="/web/main.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    expect(html.match(/name="viewport"/g)).toHaveLength(1);
    expect(html).toContain('content="width=device-width, initial-scale=1, viewport-fit=cover"');
    expect(html).toContain('<title>体育直播 - 移动版</title>');
    expect(html).not.toContain('<title>体育直播</title>');
  });

  it('links the manifest, the theme colour and the home-screen icon inside the head', () => {
    const html = asMobileShellPage(BUILT);
    const headEnd = html.indexOf('</head>');
    for (const tag of ['<link rel="manifest" href="/h5/manifest.webmanifest">', '<meta name="theme-color"', '<link rel="apple-touch-icon" href="/h5/icons/apple-touch-icon.png">']) {
      expect(html.indexOf(tag)).toBeGreaterThan(0);
      expect(html.indexOf(tag)).toBeLessThan(headEnd);
    }
  });

  it('replaces the minified viewport of the production build (unquoted attributes)', () => {
    const html = asMobileShellPage('<!doctype html><html lang=zh-CN><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><title>体育直播</title></head><body></body></html>');
    expect(html.match(/name="?viewport/g)).toHaveLength(1);
    expect(html).toContain('<meta charset=utf-8><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">');
  });

  it('adds what a page without a viewport, title or head lacks', () => {
    const html = asMobileShellPage('<p>bare</p>');
    expect(html).toContain('viewport-fit=cover');
    expect(html).toContain('<title>体育直播 - 移动版</title>');
    expect(html).toContain('rel="manifest"');
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteAssignment } from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HALT_POLICY } from '../../rollouts/releaseHealth';
import type { RemoteRegistry } from '../../rollouts/remoteRegistry';
import { scratchReleases } from '../../rollouts/testing/releaseFixtures';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { ASSIGNMENTS_ELEMENT_ID } from '../visitorPage';
import { inlineScriptHashes, withScriptSources } from './inlineScriptPolicy';

/** The host's page template as the build writes it (html-webpack-plugin fills the title in). */
const HOST_TEMPLATE = path.resolve(__dirname, '../../../../host/src/index.html');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script a browser runs, once, and no script file nor JSON', () => {
    const html = [
      '<script>a()</script>',
      '<script type="text/javascript">b()</script>',
      '<script type=module>c()</script>',
      '<script>a()</script>',
      '<script defer src="/web/main.js"></script>',
      '<script type="application/json" id="mf-assignments">{"remotes":[]}</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()'), sha256('c()')]);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });
});

describe('withScriptSources', () => {
  it('adds the sources to script-src only, and leaves a policy without script-src alone', () => {
    const policy = "default-src 'self'; script-src 'self'; connect-src 'self'";
    expect(withScriptSources(policy, ["'sha256-x'"])).toBe("default-src 'self'; script-src 'self' 'sha256-x'; connect-src 'self'");
    expect(withScriptSources("script-src 'none'", ["'sha256-x'"])).toBe("script-src 'sha256-x'");
    expect(withScriptSources("default-src 'none'", ["'sha256-x'"])).toBe("default-src 'none'");
    expect(withScriptSources(policy, [])).toBe(policy);
  });
});

/** A remote route whose title would end the page's script elements if it were inlined raw. */
const HOSTILE_TITLE = '</script><script>alert(1)</script>';
const registry: RemoteRegistry = {
  async assignmentsFor() {
    const remote: RemoteAssignment = {
      name: 'mf_scores',
      version: '1.0.0-stable0001',
      manifestUrl: '/web/releases/mf-scores/1.0.0-stable0001/mf-manifest.json',
      channel: 'stable',
      routes: [
        { path: 'football', title: '足球', navIndex: 1 },
        { path: 'basketball', title: HOSTILE_TITLE, navIndex: 1 },
      ],
      widgets: [],
    };
    return [remote];
  },
};

const embedded = embeddedTarget();

describe('the host page: its first paint before any script', () => {
  const ctx = useTestApp(embedded, { seed: false, app: { releases: scratchReleases(DEFAULT_HALT_POLICY), remoteRegistry: registry } });

  async function page(url: string) {
    const template = await fs.readFile(HOST_TEMPLATE, 'utf8');
    await fs.writeFile(path.join(ctx.site.root, 'host', 'dist', 'index.html'), template.replace(/<%=[^%]*%>/, '体育直播'));
    const response = await ctx.app.inject(url);
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('/web/ carries the layout, nav, the home page title and skeleton, before the app\'s root', async () => {
    const { body } = await page('/web/');
    const firstPaint = body.indexOf('<div id="first-paint"');
    expect(firstPaint).toBeGreaterThan(body.indexOf('<body>'));
    expect(firstPaint).toBeLessThan(body.indexOf('<div id="root">'));
    const markup = body.slice(firstPaint, body.indexOf('<div id="root">'));
    for (const label of ['体育直播', '首页', '直播', '赛程', '比分', '头条', '社区']) expect(markup).toContain(`>${label}<`);
    expect(markup).toMatch(/<h1 class="fp-title" data-fp-title>首页<\/h1>/);
    expect(markup).toContain('class="fp-block"');
    expect(markup).toContain('data-kind="home"');
    expect(body).not.toContain('data-shell="h5"');
  });

  it('lets the page\'s one inline script run by its hash (no unsafe-inline), the JSON scripts not hashed', async () => {
    const response = await page('/web/');
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = policy.split(';').map((each) => each.trim()).find((each) => each.startsWith('script-src')) ?? '';
    const inline = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(inline[0] ?? '')}`);
    expect(policy).not.toContain('unsafe-inline\'; script');
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('inlines the assignments (routes and titles the first paint names a hash route by) before the script that reads them, escaped', async () => {
    const { body } = await page('/web/');
    const json = body.indexOf(`id="${ASSIGNMENTS_ELEMENT_ID}"`);
    expect(json).toBeGreaterThan(0);
    expect(json).toBeLessThan(body.indexOf('<script>'));
    const carried = body.match(new RegExp(`<script type="application/json" id="${ASSIGNMENTS_ELEMENT_ID}">(.*?)</script>`))?.[1] ?? '';
    expect(carried).not.toContain('</script>');
    expect(carried).toContain('\\u003c/script\\u003e');
    const remotes = (JSON.parse(carried) as { remotes: RemoteAssignment[] }).remotes;
    expect(remotes[0]?.routes.map((route) => route.title)).toEqual(['足球', HOSTILE_TITLE]);
  });

  it('/h5/ is marked as the mobile shell, so the same first paint shows the phone header and tab bar', async () => {
    const response = await page('/h5/');
    expect(response.body).toMatch(/^<!doctype html>\s*<html data-shell="h5" lang="zh-CN">/i);
    expect(response.body).toContain('<ul class="fp-tabs">');
    expect(String(response.headers['content-security-policy'])).toContain("'sha256-");
  });
});

import { DownloadInfoSchema, SystemConfigSchema } from '@sports/shared/server';
import QRCode from 'qrcode';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { DEFAULT_ANDROID_URL, DEFAULT_IOS_URL, loadDownloadConfig } from './downloadConfig';

const QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;

describeEachDatabase('the download page (api/site/download, downloadQr.svg)', (target) => {
  const ctx = useTestApp(target);

  it('answers the h5 address on this host, the QR code address and the store links', async () => {
    const response = await ctx.app.inject({ url: '/api/site/download', headers: { host: 'sports.example.com' } });
    const { code, data } = response.json();
    expect(code).toBe(200);
    expect(Value.Errors(DownloadInfoSchema, data)).toEqual([]);
    expect(data).toEqual({ h5_url: 'http://sports.example.com/h5', qr_svg_url: '/api/site/downloadQr.svg', ios_url: DEFAULT_IOS_URL, android_url: DEFAULT_ANDROID_URL });
    expect(response.headers.vary).toBe('Host');
  });

  it('draws the QR code of the h5 address as SVG, cached and revalidated by ETag', async () => {
    const response = await ctx.app.inject({ url: '/api/site/downloadQr.svg', headers: { host: 'sports.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.startsWith('<svg')).toBe(true);
    // The very modules the QR library draws for the address: a phone that scans it opens the h5 site.
    expect(response.body).toBe(await QRCode.toString('http://sports.example.com/h5', QR_OPTIONS));
    expect(response.body).not.toMatch(/<script|on\w+=/i);

    const etag = response.headers.etag as string;
    const again = await ctx.app.inject({ url: '/api/site/downloadQr.svg', headers: { host: 'sports.example.com', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherHost = await ctx.app.inject({ url: '/api/site/downloadQr.svg', headers: { host: 'other.example.com', 'if-none-match': etag } });
    expect(otherHost.statusCode).toBe(200);
    expect(otherHost.body).toBe(await QRCode.toString('http://other.example.com/h5', QR_OPTIONS));
  });

  it('never prints a strange Host header into the code', async () => {
    const response = await ctx.app.inject({ url: '/api/site/download', headers: { host: 'evil.com/"><script>' } });
    expect(response.json().data.h5_url).toBe('http://localhost/h5');
  });

  it('offers the download settings in the system configuration', async () => {
    const { data } = (await ctx.app.inject('/api/universal/getHot')).json();
    expect(Value.Check(SystemConfigSchema, data)).toBe(true);
    expect(data.appDownload).toEqual({ h5Url: '/h5', iosUrl: DEFAULT_IOS_URL, androidUrl: DEFAULT_ANDROID_URL, qrSvgUrl: '/api/site/downloadQr.svg' });
  });
});

describeEachDatabase('the download page with a configured h5 address', (target) => {
  const config = { h5Url: 'https://m.example.cn/h5', iosUrl: 'https://apps.apple.com/cn/app/id123', androidUrl: 'https://example.cn/app.apk' };
  const ctx = useTestApp(target, { app: { download: config } });

  it('uses the configured address whatever the Host, and the configured store links', async () => {
    const { data } = (await ctx.app.inject({ url: '/api/site/download', headers: { host: 'internal:8080' } })).json();
    expect(data).toMatchObject({ h5_url: 'https://m.example.cn/h5', ios_url: config.iosUrl, android_url: config.androidUrl });
    const svg = await ctx.app.inject({ url: '/api/site/downloadQr.svg', headers: { host: 'internal:8080' } });
    expect(svg.body).toBe(await QRCode.toString('https://m.example.cn/h5', QR_OPTIONS));
    expect((await ctx.app.inject('/api/universal/getHot')).json().data.appDownload).toMatchObject({ h5Url: 'https://m.example.cn/h5', iosUrl: config.iosUrl });
  });
});

describe('loadDownloadConfig', () => {
  const load = (env: Record<string, string>) => {
    const problems: string[] = [];
    return { config: loadDownloadConfig((name) => env[name], problems), problems };
  };

  it('defaults to this site’s /h5 and the stores’ search pages', () => {
    expect(load({})).toEqual({ config: { h5Url: null, iosUrl: DEFAULT_IOS_URL, androidUrl: DEFAULT_ANDROID_URL }, problems: [] });
  });

  it('refuses addresses that are not absolute web addresses (store links https only)', () => {
    const { problems } = load({ SITE_H5_URL: 'javascript:alert(1)', APP_IOS_URL: 'http://apps.apple.com/x', APP_ANDROID_URL: 'not a url' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('SITE_H5_URL');
    expect(load({ SITE_H5_URL: 'https://user:pw@m.example.cn/h5' }).problems).toHaveLength(1);
  });
});

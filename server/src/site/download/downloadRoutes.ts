import { DownloadInfoSchema, Envelope } from '@sports/shared/server';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import type { DownloadConfig } from './downloadConfig';

export const DOWNLOAD_QR_PATH = '/api/site/downloadQr.svg';
/** The QR code changes only with the configuration: a day in caches, revalidated by ETag. */
const QR_CACHE = 'public, max-age=86400';
/** A Host header we are willing to print into a QR code: a name or address and a port, nothing else. */
const HOST_PATTERN = /^[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?$/;

/** The mobile site's address: configured, else this site's /h5 under the request's host. */
export function h5Address(config: DownloadConfig, request: FastifyRequest): string {
  if (config.h5Url !== null) return config.h5Url;
  const host = request.headers.host ?? '';
  return `${request.protocol}://${HOST_PATTERN.test(host) ? host : 'localhost'}/h5`;
}

const svgCache = new Map<string, { svg: string; etag: string }>();

async function qrSvg(text: string): Promise<{ svg: string; etag: string }> {
  const cached = svgCache.get(text);
  if (cached !== undefined) return cached;
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  const entry = { svg, etag: `"${Buffer.from(text).toString('base64url').slice(0, 60)}-${svg.length}"` };
  // A handful of host names at most; keep it from growing without bound all the same.
  if (svgCache.size > 32) svgCache.clear();
  svgCache.set(text, entry);
  return entry;
}

/** `GET /api/site/download` (what the downLoad page shows) and `GET /api/site/downloadQr.svg` (the QR code of the h5 address). */
export async function downloadRoutes(app: App, { config }: { config: DownloadConfig }): Promise<void> {
  app.get('/api/site/download', { schema: { response: { 200: Envelope(DownloadInfoSchema) } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('vary', 'Host');
    return ok({ h5_url: h5Address(config, request), qr_svg_url: DOWNLOAD_QR_PATH, ios_url: config.iosUrl, android_url: config.androidUrl });
  });

  app.get(DOWNLOAD_QR_PATH, async (request, reply) => {
    const { svg, etag } = await qrSvg(h5Address(config, request));
    reply.header('cache-control', QR_CACHE).header('vary', 'Host').header('etag', etag).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}

import { createHmac } from 'node:crypto';
import { RTMP_APP } from './rtmpIngest';

/** A push address as OBS wants it (server + key) and as one URL for ffmpeg. */
export interface PushAddress {
  push_server: string;
  stream_key: string;
  push_url: string;
}

/** `{stream}` and `{sign}` filled in (both are URL-safe: room<id>, <digits>-<hex>). */
export function fillTemplate(template: string, stream: string, sign: string): string {
  return template.replaceAll('{stream}', stream).replaceAll('{sign}', sign);
}

/** The embedded ingest: key `room<id>?sign=…` on `rtmp://host:port/live`. */
export function embeddedPushAddress(server: string, stream: string, sign: string): PushAddress {
  const key = `${stream}?sign=${sign}`;
  return { push_server: server, stream_key: key, push_url: `${server}/${key}` };
}

/** A media server by template: the last path segment (holding {stream}) is the key. */
export function templatePushAddress(template: string, stream: string, sign: string): PushAddress {
  const url = fillTemplate(template, stream, sign);
  const cut = template.slice(0, template.indexOf('{stream}')).lastIndexOf('/');
  const server = fillTemplate(template.slice(0, cut), stream, sign);
  return { push_server: server, stream_key: url.slice(server.length + 1), push_url: url };
}

/**
 * The RTMP server anchors are shown: MEDIA_RTMP_PUBLIC_URL, else the bound address and port
 * (a wildcard bind shows the host name the anchor's browser used for the site).
 */
export function embeddedRtmpServer(publicUrl: string | null, bindHost: string, port: number, requestHostname: string): string {
  if (publicUrl !== null) return publicUrl;
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::';
  const host = wildcard ? requestHostname : bindHost;
  return `rtmp://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}/${RTMP_APP}`;
}

/** For `{sign}` in playback templates (a CDN that checks its own token can verify ours). */
export function playSignature(secret: string, stream: string, expiresAt: number): string {
  return `${expiresAt}-${createHmac('sha256', secret).update(`play\n${stream}\n${expiresAt}`).digest('hex')}`;
}

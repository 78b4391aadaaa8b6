import type { DevRemoteOptions } from './args.ts';

/**
 * The value of `?mf_dev=` that puts this browser's copy of the remote on the dev server
 * (server/src/rollouts/devOverride.ts, which pins the format): unsigned, base64url of
 * `{"r":<remote>,"u":<manifest URL>}`; the site accepts it outside production for a loopback
 * address. With an ops token the site signs one instead (`POST /api/mf/dev-overrides`),
 * accepted in production too.
 */
export function unsignedDevOverride(remote: string, manifestUrl: string): string {
  return Buffer.from(JSON.stringify({ r: remote, u: manifestUrl })).toString('base64url');
}

/** The address to open: the site's page with the override, on the remote's first route. */
export async function devOverrideLink(options: Pick<DevRemoteOptions, 'site' | 'remote' | 'opsToken'>, manifestUrl: string, firstRoute: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const hash = `#/${firstRoute}`;
  if (options.opsToken === null) return `${options.site}/web/?mf_dev=${unsignedDevOverride(options.remote, manifestUrl)}${hash}`;
  const response = await fetchImpl(`${options.site}/api/mf/dev-overrides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': options.opsToken, 'x-ops-actor': process.env.USER ?? 'dev-remote' },
    body: JSON.stringify({ remote: options.remote, manifestUrl }),
  });
  const answer = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: { url?: string } } | null;
  if (answer?.code !== 200 || typeof answer.data?.url !== 'string') throw new Error(`the site refused the dev override: ${answer?.msg ?? `HTTP ${response.status}`}`);
  return `${options.site}${answer.data.url}${hash}`;
}

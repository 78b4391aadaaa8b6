import assert from 'node:assert/strict';
import { test } from 'node:test';
import { devOverrideLink, unsignedDevOverride } from './overrideLink.ts';

const MANIFEST = 'http://127.0.0.1:41234/mf-manifest.json';

test('without an ops token: the unsigned value (server/src/rollouts/devOverride.ts reads it back)', async () => {
  const link = await devOverrideLink({ site: 'http://127.0.0.1:8080', remote: 'mf_community', opsToken: null }, MANIFEST, 'news');
  const value = unsignedDevOverride('mf_community', MANIFEST);
  assert.equal(link, `http://127.0.0.1:8080/web/?mf_dev=${value}#/news`);
  assert.deepEqual(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')), { r: 'mf_community', u: MANIFEST });
});

test('with an ops token: the site signs one, or the refusal is said', async () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ code: 200, msg: '', data: { url: '/web/?mf_dev=signed.value' } }));
  }) as unknown as typeof fetch;
  const link = await devOverrideLink({ site: 'https://staging.example', remote: 'mf_live', opsToken: 'ops-token-0123456789' }, MANIFEST, 'anchor', fetchImpl);
  assert.equal(link, 'https://staging.example/web/?mf_dev=signed.value#/anchor');
  assert.equal(calls[0]?.url, 'https://staging.example/api/mf/dev-overrides');
  assert.equal((calls[0]?.init.headers as Record<string, string>)['x-ops-token'], 'ops-token-0123456789');
  assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), { remote: 'mf_live', manifestUrl: MANIFEST });

  const refusing = (async () => new Response(JSON.stringify({ code: 1, msg: '无权操作', data: null }), { status: 403 })) as unknown as typeof fetch;
  await assert.rejects(devOverrideLink({ site: 'https://staging.example', remote: 'mf_live', opsToken: 'wrong-token-0123456' }, MANIFEST, 'anchor', refusing), /the site refused the dev override: 无权操作/);
});

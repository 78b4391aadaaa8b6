import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { overrideKey, signOverride } from './overrideTokens';
import { makeReleaseBuild, ops, publishThroughApi, scratchReleases, TEST_OPS_TOKEN } from './testing/releaseFixtures';
import { errors } from '../infra/http/errorCatalogue';

type Assignment = { name: string; version: string; channel: string; fallback?: { version: string } };
type Grant = { remote: string; releaseId: string; token: string; url: string; expiresAt: string };

/**
 * A QA override loads a release whatever the percentage, so it must take something only QA has:
 * a token signed by the server (issued through the ops API to the ops page and `pnpm mf
 * override`), naming the remote, the release and an expiry, kept in the cookie and checked again
 * on every /api/mf/remotes. A bare `mf_live@<id>` from any link, a forged or expired token, and a
 * token for a release that was rolled back are all ignored: the visitor gets what everyone gets.
 */
describeEachDatabase('QA override tokens', (target) => {
  const ctx = useTestApp(target, { withHost: false, app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });
  const visitor = 'vid=qaoverridevisitor0001';
  let stableId = '';
  let candidateId = '';
  let freshId = '';

  const remotes = (query = '', cookie = visitor) => ctx.app.inject({ url: `/api/mf/remotes${query}`, headers: { cookie } });
  const liveOf = async (response: Awaited<ReturnType<typeof remotes>>) => (response.json().data.remotes as Assignment[]).find((remote) => remote.name === 'mf_live');
  const issue = (body: object) => ops(ctx.app, 'POST', '/api/mf/overrides', body);
  const overrideCookieOf = (response: Awaited<ReturnType<typeof remotes>>) =>
    ([response.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('mf_override=')) ?? '').split(';')[0] as string;

  it('sets up a stable release, a candidate at 0 % and a registered release', async () => {
    stableId = (await publishThroughApi(ctx.app, 'mf_live', await makeReleaseBuild('mf_live', '1.0.0', 'stable'), '1.0.0')).releaseId;
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: stableId, percent: 100, reason: 'first' });
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/promote', { reason: 'first' });
    candidateId = (await publishThroughApi(ctx.app, 'mf_live', await makeReleaseBuild('mf_live', '1.1.0', 'candidate'), '1.1.0')).releaseId;
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: candidateId, percent: 0, reason: 'qa only' });
    freshId = (await publishThroughApi(ctx.app, 'mf_live', await makeReleaseBuild('mf_live', '1.2.0', 'fresh'), '1.2.0')).releaseId;
    expect(await liveOf(await remotes())).toMatchObject({ version: stableId, channel: 'stable' });
  });

  it('ignores a bare ?override=mf_live@<release> from any link, and sets no cookie', async () => {
    const response = await remotes(`?override=${encodeURIComponent(`mf_live@${candidateId}`)}`);
    expect(await liveOf(response)).toMatchObject({ version: stableId, channel: 'stable' });
    expect(overrideCookieOf(response)).toBe('');
    // Nor from a cookie set some other way.
    expect(await liveOf(await remotes('', `${visitor}; mf_override=mf_live@${candidateId}`))).toMatchObject({ version: stableId, channel: 'stable' });
  });

  it('issues tokens only to ops', async () => {
    for (const headers of [{}, { 'x-ops-token': 'wrong' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/mf/overrides', headers, payload: { remote: 'mf_live', releaseId: candidateId } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 1, msg: errors.OPS_FORBIDDEN.message, data: null, reason: 'OPS_FORBIDDEN' });
    }
  });

  it('a valid token loads the release, sticks in the cookie, and the cookie is checked again each time', async () => {
    const answer = (await issue({ remote: 'mf_live', releaseId: candidateId, minutes: 30 })).json();
    expect(answer.code).toBe(200);
    const grant = answer.data as Grant;
    expect(grant).toMatchObject({ remote: 'mf_live', releaseId: candidateId });
    expect(grant.url).toBe(`/web/?mf_override=${encodeURIComponent(grant.token)}`);
    const minutesLeft = (Date.parse(grant.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    const opened = await remotes(`?override=${encodeURIComponent(grant.token)}`);
    expect(await liveOf(opened)).toMatchObject({ version: candidateId, channel: 'override', fallback: { version: stableId } });
    const cookie = overrideCookieOf(opened);
    expect(cookie).not.toBe('');
    expect(String([opened.headers['set-cookie']].flat().find((value) => value?.startsWith('mf_override=')))).toMatch(/HttpOnly/i);
    expect(await liveOf(await remotes('', `${visitor}; ${cookie}`))).toMatchObject({ version: candidateId, channel: 'override' });
    // An empty override clears it.
    const cleared = await remotes('?override=', `${visitor}; ${cookie}`);
    expect(await liveOf(cleared)).toMatchObject({ version: stableId, channel: 'stable' });
  });

  it('ignores forged, tampered, expired and other remotes’ tokens', async () => {
    const grant = (await issue({ remote: 'mf_live', releaseId: candidateId })).json().data as Grant;
    const [payload, signature] = grant.token.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ r: 'mf_live', v: freshId, e: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    const wrongKey = overrideKey('someone-elses-ops-token-000000');
    const expired = signOverride(overrideKey(TEST_OPS_TOKEN), { remote: 'mf_live', releaseId: candidateId, expiresAt: Date.now() - 1_000 });
    const forged = [
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${payload}.`,
      payload,
      signOverride(wrongKey, { remote: 'mf_live', releaseId: candidateId, expiresAt: Date.now() + 600_000 }),
      expired,
      signOverride(overrideKey(TEST_OPS_TOKEN), { remote: 'mf_scores', releaseId: candidateId, expiresAt: Date.now() + 600_000 }),
      'x'.repeat(2_000),
    ];
    for (const token of forged) {
      const response = await remotes(`?override=${encodeURIComponent(token)}`);
      expect(await liveOf(response), token).toMatchObject({ version: stableId, channel: 'stable' });
      expect(await liveOf(await remotes('', `${visitor}; mf_override=${encodeURIComponent(token)}`))).toMatchObject({ version: stableId, channel: 'stable' });
    }
  });

  it('issues tokens for the stable, the candidate and a registered release; refuses unknown ones and bad durations', async () => {
    for (const releaseId of [stableId, candidateId, freshId]) expect((await issue({ remote: 'mf_live', releaseId })).json().code).toBe(200);
    const fresh = (await issue({ remote: 'mf_live', releaseId: freshId })).json().data as Grant;
    expect(await liveOf(await remotes(`?override=${encodeURIComponent(fresh.token)}`))).toMatchObject({ version: freshId, channel: 'override' });
    expect((await issue({ remote: 'mf_live', releaseId: '9.9.9-abcdef1234' })).json()).toMatchObject({ code: 1, msg: `发布 9.9.9-abcdef1234 未登记`, reason: 'RELEASE_UNKNOWN' });
    expect((await issue({ remote: 'mf_scores', releaseId: candidateId })).json().code).toBe(1);
    expect((await issue({ remote: 'mf_live', releaseId: candidateId, minutes: 0 })).json().code).toBe(1);
    expect((await issue({ remote: 'mf_live', releaseId: candidateId, minutes: 100_000 })).json().code).toBe(1);
  });

  it('refuses a rolled-back release: no new token, and a token issued before stops working', async () => {
    const before = (await issue({ remote: 'mf_live', releaseId: candidateId })).json().data as Grant;
    const cookie = overrideCookieOf(await remotes(`?override=${encodeURIComponent(before.token)}`));
    expect(await liveOf(await remotes('', `${visitor}; ${cookie}`))).toMatchObject({ version: candidateId, channel: 'override' });

    expect((await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { reason: 'bad candidate' })).json().code).toBe(200);
    expect((await issue({ remote: 'mf_live', releaseId: candidateId })).json()).toMatchObject({ code: 1, msg: errors.OVERRIDE_RELEASE_WITHDRAWN.message(candidateId), reason: 'OVERRIDE_RELEASE_WITHDRAWN' });
    expect(await liveOf(await remotes('', `${visitor}; ${cookie}`))).toMatchObject({ version: stableId, channel: 'stable' });
    expect(await liveOf(await remotes(`?override=${encodeURIComponent(before.token)}`))).toMatchObject({ version: stableId, channel: 'stable' });

    // The stable a `rollback --to` replaced is withdrawn as well.
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: freshId, percent: 100, reason: 'next' });
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/promote', { reason: 'next' });
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/rollback', { toReleaseId: stableId, reason: 'regression' });
    expect((await issue({ remote: 'mf_live', releaseId: freshId })).json()).toMatchObject({ code: 1, msg: errors.OVERRIDE_RELEASE_WITHDRAWN.message(freshId), reason: 'OVERRIDE_RELEASE_WITHDRAWN' });

    // Put back into traffic by ops (a new canary), it may be overridden again.
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_live/canary', { releaseId: candidateId, percent: 0, reason: 'fixed config' });
    expect(await liveOf(await remotes('', `${visitor}; ${cookie}`))).toMatchObject({ version: candidateId, channel: 'override' });
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { makeReleaseBuild, publishThroughApi, scratchReleases } from './testing/releaseFixtures';

// What counts as a bad copy is tested beside the check (shared/src/node/compressedCopies.test.ts);
// here, that registration refuses one.
describeEachDatabase('compressed copies at registration', (target) => {
  const ctx = useTestApp(target, { withHost: false, app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });

  it('refuses a release whose brotli, then gzip, copy of its entry is stale, and registers it once the copies are right', async () => {
    const folder = await makeReleaseBuild('mf_scores', '4.0.0', 'stale copy');
    const entry = await fs.readFile(path.join(folder, 'remoteEntry.js'));
    await fs.writeFile(path.join(folder, 'remoteEntry.js.br'), brotliCompressSync(Buffer.concat([entry, Buffer.from('\n// another build')])));
    const refused = await publishThroughApi(ctx.app, 'mf_scores', folder, '4.0.0');
    expect(refused.register.json()).toMatchObject({
      code: 1,
      reason: 'RELEASE_REFUSED',
      msg: errors.RELEASE_REFUSED.message(['remoteEntry.js.br does not decompress to remoteEntry.js (browsers that take br would get other code): rebuild, or delete the copy']),
    });

    await fs.writeFile(path.join(folder, 'remoteEntry.js.br'), brotliCompressSync(entry));
    await fs.writeFile(path.join(folder, 'remoteEntry.js.gz'), gzipSync(Buffer.concat([entry, Buffer.from('\n// another build')])));
    const staleGzip = await publishThroughApi(ctx.app, 'mf_scores', folder, '4.0.0');
    expect(staleGzip.register.json()).toMatchObject({
      code: 1,
      reason: 'RELEASE_REFUSED',
      msg: errors.RELEASE_REFUSED.message(['remoteEntry.js.gz does not decompress to remoteEntry.js (browsers that take gzip would get other code): rebuild, or delete the copy']),
    });

    await fs.writeFile(path.join(folder, 'remoteEntry.js.gz'), gzipSync(entry));
    const registered = await publishThroughApi(ctx.app, 'mf_scores', folder, '4.0.0');
    expect(registered.register.json()).toMatchObject({ code: 200, data: { remote: 'mf_scores', releaseId: registered.releaseId } });
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError, parseDevRemoteArgs } from './args.ts';

test('a remote by folder, MF name or short name, with the defaults', () => {
  for (const name of ['mf-community', 'mf_community', 'community']) {
    assert.deepEqual(parseDevRemoteArgs([name]), { folder: 'mf-community', remote: 'mf_community', site: 'http://127.0.0.1:8080', port: 0, opsToken: null, types: true, dir: null });
  }
});

test('site, port, ops token (or MF_OPS_TOKEN), no types', () => {
  const options = parseDevRemoteArgs(['mf-live', '--site', 'https://staging.example/', '--port', '4000', '--no-types'], { MF_OPS_TOKEN: 'token-from-env-0123' });
  assert.equal(options.site, 'https://staging.example');
  assert.equal(options.port, 4000);
  assert.equal(options.opsToken, 'token-from-env-0123');
  assert.equal(options.types, false);
  assert.equal(parseDevRemoteArgs(['mf-live', '--ops-token', 'given-0123456789'], { MF_OPS_TOKEN: 'env' }).opsToken, 'given-0123456789');
});

test('wrong usage says what is wrong', () => {
  assert.throws(() => parseDevRemoteArgs([]), new UsageError('name one remote'));
  assert.throws(() => parseDevRemoteArgs(['host']), /unknown remote "host"/);
  assert.throws(() => parseDevRemoteArgs(['mf-live', '--site', 'ftp://x']), /--site must be/);
  assert.throws(() => parseDevRemoteArgs(['mf-live', '--site', 'http://x/web/']), /--site must be/);
  assert.throws(() => parseDevRemoteArgs(['mf-live', '--port', '70000']), /--port must be/);
  assert.throws(() => parseDevRemoteArgs(['mf-live', '--bogus']), UsageError);
});

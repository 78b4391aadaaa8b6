import { describe, expect, it } from 'vitest';
import { checkRelease } from './releaseCheck';

const host = {
  react: { version: '19.3.1', requiredVersion: '^19.3.1' },
  '@sports/shared': { version: '0.1.0', requiredVersion: '^0.1.0' },
  'react-router-dom': { version: '7.18.5', requiredVersion: '^7.18.5' },
};

function manifest(overrides: Record<string, unknown> = {}, shared = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: '@sports/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
]) {
  return {
    name: 'mf_live',
    metaData: { remoteEntry: { name: 'remoteEntry.js' } },
    exposes: [{ path: './routes' }, { path: './widgets' }, { path: './parcel' }],
    shared,
    ...overrides,
  };
}

describe('checkRelease', () => {
  it('accepts a compatible release', () => {
    expect(checkRelease(manifest(), 'mf_live', host)).toEqual([]);
  });

  it('refuses a manifest of another remote', () => {
    expect(checkRelease(manifest({ name: 'mf_scores' }), 'mf_live', host)).toEqual(['manifest name is mf_scores, expected mf_live']);
  });

  it('refuses a release missing an expose the host needs', () => {
    expect(checkRelease(manifest({ exposes: [{ path: './routes' }, { path: './widgets' }] }), 'mf_live', host)).toEqual(['does not expose ./parcel']);
  });

  it('refuses another major of a singleton', () => {
    const problems = checkRelease(manifest({}, [
      { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true },
      { name: '@sports/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
    ]), 'mf_live', host);
    expect(problems).toEqual(["react 18.3.1 is not the host's major version (19.3.1)"]);
  });

  it('refuses a release that needs a newer singleton than the host provides', () => {
    const problems = checkRelease(manifest({}, [
      { name: 'react', version: '19.4.0', requiredVersion: '^19.4.0', singleton: true },
      { name: '@sports/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
    ]), 'mf_live', host);
    expect(problems).toEqual(['react: the release needs ^19.4.0 but the host provides 19.3.1']);
  });

  it('refuses a release that bundles a singleton instead of sharing it', () => {
    const problems = checkRelease(manifest({}, [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }]), 'mf_live', host);
    expect(problems).toEqual(['does not share @sports/shared (the page would load a second copy)']);
  });

  it('ignores a host singleton the release does not use, but checks one it shares', () => {
    expect(checkRelease(manifest(), 'mf_live', host)).toEqual([]);
    const withRouter = manifest({}, [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: '@sports/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
      { name: 'react-router-dom', version: '6.30.0', requiredVersion: '^6.30.0', singleton: true },
    ]);
    expect(checkRelease(withRouter, 'mf_live', host)).toEqual(["react-router-dom 6.30.0 is not the host's major version (7.18.5)"]);
  });

  it('refuses a release that takes from the host a singleton the host does not provide, and accepts one that carries its own copy', () => {
    const takesPageKit = (assets: { js: { sync: string[]; async: string[] } }) =>
      manifest({}, [
        { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
        { name: '@sports/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
        { name: '@sports/shared/pageKit', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true, assets } as never,
      ]);
    // What a production remote builds (createFederatedConfig.cjs: `import: false`): no copy of its own.
    expect(checkRelease(takesPageKit({ js: { sync: [], async: [] } }), 'mf_live', host)).toEqual([
      'takes @sports/shared/pageKit from the host, which does not provide it (release a host that provides it first)',
    ]);
    // A release with its own copy loads it where the host has none.
    expect(checkRelease(takesPageKit({ js: { sync: [], async: ['pageKit.1a2b3c.js'] } }), 'mf_live', host)).toEqual([]);
    expect(checkRelease(takesPageKit({ js: { sync: [], async: [] } }), 'mf_live', { ...host, '@sports/shared/pageKit': { version: '0.1.0', requiredVersion: '^0.1.0' } })).toEqual([]);
  });

  it('refuses a non-object manifest', () => {
    expect(checkRelease('nope', 'mf_live', host)).toEqual(['mf-manifest.json is not a JSON object']);
  });
});

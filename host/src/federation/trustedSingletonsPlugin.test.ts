import { createInstance } from '@module-federation/enhanced/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trustedSingletonsPlugin } from './trustedSingletonsPlugin';

/** A container's runtime with one shared module registered, `requiredVersion` not satisfied by the version it provides. */
function runtimeSharing(name: string, singleton: boolean, withPlugin: boolean) {
  const module = { provided: `${name}@1.2.0` };
  const instance = createInstance({
    name: `trusted-singletons-${name}-${singleton}-${withPlugin}`,
    remotes: [],
    shared: { [name]: { version: '1.2.0', lib: () => module, shareConfig: { singleton, requiredVersion: '^2.0.0' } } },
    plugins: withPlugin ? [trustedSingletonsPlugin()] : [],
  });
  return { instance, module };
}

describe('trustedSingletonsPlugin', () => {
  afterEach(() => vi.restoreAllMocks());

  it("resolves a singleton to the scope's copy without the runtime's semver check (the control plane's check stands)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { instance, module } = runtimeSharing('lib-a', true, true);
    const factory = await instance.loadShare<typeof module>('lib-a');
    expect(factory && factory()).toBe(module);
    expect(warn).not.toHaveBeenCalled();
  });

  it('without it the runtime checks the range and warns (what the plugin leaves out)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { instance, module } = runtimeSharing('lib-b', true, false);
    const factory = await instance.loadShare<typeof module>('lib-b');
    expect(factory && factory()).toBe(module);
    expect(warn.mock.calls.flat().join(' ')).toContain('does not satisfy');
  });

  it("a shared module that is not a singleton keeps the runtime's resolver (its version matching)", () => {
    const resolver = () => undefined;
    const args = { shareScopeMap: { default: { 'lib-c': { '1.2.0': {} } } }, scope: 'default', pkgName: 'lib-c', version: '1.2.0', shareInfo: { shareConfig: { singleton: false, requiredVersion: '^2.0.0' } }, resolver };
    const resolveShare = trustedSingletonsPlugin().resolveShare as unknown as (value: typeof args) => typeof args;
    expect(resolveShare(args).resolver).toBe(resolver);
    expect(resolveShare({ ...args, shareInfo: { shareConfig: { singleton: true, requiredVersion: '^2.0.0' } } }).resolver).not.toBe(resolver);
  });
});

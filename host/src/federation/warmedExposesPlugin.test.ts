import { describe, expect, it } from 'vitest';
import { exposeKeyOf, warmedExposesPlugin } from './warmedExposesPlugin';

type Hook = (args: { preloadOps: { nameOrAlias: string; exposes?: string[] }[] }) => void;

describe('warmedExposesPlugin', () => {
  it("drops the runtime's preload of a module main.js warmed, keeps every other", () => {
    const beforePreloadRemote = warmedExposesPlugin(new Set([exposeKeyOf('mf_live', 'widgets'), exposeKeyOf('mf_scores', './routes')])).beforePreloadRemote as Hook;
    const preloadOps = [
      { nameOrAlias: 'mf_live', exposes: ['./widgets'] },
      { nameOrAlias: 'mf_scores', exposes: ['./routes'] },
      { nameOrAlias: 'mf_live', exposes: ['./routes'] },
      { nameOrAlias: 'mf_community', exposes: ['./widgets'] },
      { nameOrAlias: 'mf_live' },
    ];
    beforePreloadRemote({ preloadOps });
    expect(preloadOps).toEqual([{ nameOrAlias: 'mf_live', exposes: ['./routes'] }, { nameOrAlias: 'mf_community', exposes: ['./widgets'] }, { nameOrAlias: 'mf_live' }]);
  });
});

import { describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { RemoteNameSchema } from '../schemas/mfRemotes';
import { isRemoteName, REMOTE_NAMES } from './remoteNames';

describe('remote names', () => {
  it('the schema accepts exactly the remote names', () => {
    for (const name of REMOTE_NAMES) expect(Value.Check(RemoteNameSchema, name)).toBe(true);
    expect(Value.Check(RemoteNameSchema, 'mf_other')).toBe(false);
    expect(RemoteNameSchema.anyOf.map((literal: { const: string }) => literal.const).sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('isRemoteName guards strings', () => {
    expect(isRemoteName('mf_live')).toBe(true);
    expect(isRemoteName('host')).toBe(false);
  });
});

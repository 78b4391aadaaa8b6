import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id (salted) and verifies', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'correct horse')).toBe(true);
    expect(await verifyPassword(first, 'correct horsf')).toBe(false);
  });

  it('treats a corrupt stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
  });

  it('the dummy check for unknown numbers does the same work and always fails', async () => {
    const real = await hashPassword('secret-pass');
    await verifyAgainstDummy('warm-up');
    const time = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      for (let round = 0; round < 3; round += 1) await work();
      return performance.now() - start;
    };
    const dummy = await time(() => verifyAgainstDummy('secret-pass'));
    const genuine = await time(() => verifyPassword(real, 'wrong-pass'));
    expect(await verifyAgainstDummy('secret-pass')).toBe(false);
    // Same parameters, same cost: well within a factor of 3 either way (generous for a busy machine).
    expect(dummy).toBeGreaterThan(genuine / 3);
    expect(dummy).toBeLessThan(genuine * 3);
  });
});

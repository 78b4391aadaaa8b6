import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, passwordWork, verifyAgainstDummy, verifyPassword } from './passwords';

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
    // The same work: one argon2 verify per check, against a hash of the same parameters (cost).
    const parameters = (phc: string) => phc.split('$').slice(1, 4).join('$'); // argon2id$v=19$m=…,t=…,p=…
    expect(parameters(await dummyPasswordHash())).toBe(parameters(real));
    expect(parameters(real)).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    const verifiesBefore = passwordWork.verifies;
    expect(await verifyAgainstDummy('secret-pass')).toBe(false);
    expect(await verifyAgainstDummy('')).toBe(false);
    expect(passwordWork.verifies - verifiesBefore).toBe(2);
  });
});

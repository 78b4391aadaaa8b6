import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes, 1 lane
 * (the OWASP baseline). The PHC string keeps the parameters, so raising them later still
 * verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A corrupt stored hash is a failed login, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * For an unknown mobile (or a user without a password) the login still verifies a hash of the
 * same cost, so the answer time does not tell which numbers are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(18).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

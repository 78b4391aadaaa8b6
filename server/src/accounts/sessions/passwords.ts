import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes, 1 lane
 * (the OWASP baseline). The PHC string keeps the parameters, so raising them later still
 * verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  passwordWork.hashes += 1;
  return hash(password);
}

/**
 * argon2 runs on this process since it started: the costly part of accounts, so a rise tells ops
 * of abuse (the metric `sports_password_work_total`), and tests check that refused requests
 * spend none.
 */
export const passwordWork = { hashes: 0, verifies: 0 };

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordWork.verifies += 1;
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
  await verifyPassword(await dummyPasswordHash(), password);
  return false;
}

/** The hash the dummy check verifies against: made once, with the same parameters as any password's. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(18).toString('base64url'));
  return dummyHash;
}

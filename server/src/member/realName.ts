import type { VerifiedInfo, VerifyRealNameRequest } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { type IdCipher, cipherContext } from './idCipher';
import { type IdentityChecker, checkIdentity } from './identityChecks';
import { checkIdNumber, maskIdNumber } from './idNumber';
import { maskLegalName, normaliseLegalName } from './legalName';
import type { RealNameVerifier } from './realNameVerifier';

/**
 * Real-name verification (`api/Member/verified`): a member verifies once, with a legal name and
 * a valid resident ID number no other account has verified with. The name and number are stored
 * encrypted (idCipher.ts); only masked forms are ever answered.
 */
export interface RealNameDeps {
  db: Kysely<Database>;
  cipher: IdCipher;
  verifier: RealNameVerifier;
}

/**
 * The order leaks nothing (issue 32): the name's and the number's shape first, the member's own
 * state, then the comparison of the number with every verified one (another account's?) under
 * the identity checks' limits, each outcome written to `identity_check` (identityChecks.ts), then
 * the provider.
 */
export async function verifyRealName(deps: RealNameDeps, who: IdentityChecker, request: VerifyRealNameRequest, now: Date): Promise<VerifiedInfo> {
  const userId = who.userId;
  const name = normaliseLegalName(request.name);
  if (name === null) throw errors.MEMBER_REAL_NAME_INVALID();
  const check = checkIdNumber(request.id_number, now);
  if (!check.valid) throw check.problem === 'birth_date' ? errors.MEMBER_ID_NUMBER_BIRTH_DATE_INVALID() : errors.MEMBER_ID_NUMBER_INVALID();
  const { db, cipher } = deps;
  const fingerprint = cipher.fingerprint(check.idNumber);
  // Answered before the provider is asked (a KYC call costs): the insert below is the final word on races.
  if (await isVerified(db, userId)) throw errors.MEMBER_ALREADY_VERIFIED();
  const taken = await checkIdentity(db, who, 'id_number', now, async (trx) => {
    const matched = (await trx.selectFrom('member_real_name').select('user_id').where('id_hmac', '=', fingerprint).executeTakeFirst()) !== undefined;
    return { matched, failed: matched, result: matched };
  });
  if (taken) throw errors.MEMBER_ID_NUMBER_TAKEN();

  const verdict = await deps.verifier.verify(name, check.idNumber);
  if (!verdict.approved) throw errors.MEMBER_VERIFICATION_REJECTED(verdict.reason);

  const inserted = await db
    .insertInto('member_real_name')
    .values({
      user_id: userId,
      name_cipher: cipher.encrypt(name, cipherContext(userId, 'name')),
      id_cipher: cipher.encrypt(check.idNumber, cipherContext(userId, 'id_number')),
      id_hmac: fingerprint,
      verified_by: deps.verifier.name,
      verified_at: now,
    })
    // Either unique key (the member, the ID number) may have been taken meanwhile: say which.
    .onConflict((conflict) => conflict.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (inserted === undefined) throw (await isVerified(db, userId)) ? errors.MEMBER_ALREADY_VERIFIED() : errors.MEMBER_ID_NUMBER_TAKEN();
  return { is_verified: 1, name: maskLegalName(name), id_number: maskIdNumber(check.idNumber), verified_at: now.toISOString() };
}

async function isVerified(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await db.selectFrom('member_real_name').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** `api/Member/getVerifiedInfo`: masked, or nulls while not verified. */
export async function verifiedInfo(db: Kysely<Database>, cipher: IdCipher, userId: number): Promise<VerifiedInfo> {
  const row = await db.selectFrom('member_real_name').select(['name_cipher', 'id_cipher', 'verified_at']).where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) return { is_verified: 0, name: null, id_number: null, verified_at: null };
  return {
    is_verified: 1,
    name: maskLegalName(cipher.decrypt(row.name_cipher, cipherContext(userId, 'name'))),
    id_number: maskIdNumber(cipher.decrypt(row.id_cipher, cipherContext(userId, 'id_number'))),
    verified_at: row.verified_at.toISOString(),
  };
}

/** The masked legal name of each verified member among `userIds` (ops review lists). */
export async function maskedNames(db: Kysely<Database>, cipher: IdCipher, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('member_real_name').select(['user_id', 'name_cipher']).where('user_id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((row) => [row.user_id, maskLegalName(cipher.decrypt(row.name_cipher, cipherContext(row.user_id, 'name')))]));
}

/** The member's verified legal name in full, or null (compared with a payout account's holder; never answered). */
export async function verifiedLegalName(db: Kysely<Database>, cipher: IdCipher, userId: number): Promise<string | null> {
  const row = await db.selectFrom('member_real_name').select('name_cipher').where('user_id', '=', userId).executeTakeFirst();
  return row === undefined ? null : cipher.decrypt(row.name_cipher, cipherContext(userId, 'name'));
}

export { isVerified };

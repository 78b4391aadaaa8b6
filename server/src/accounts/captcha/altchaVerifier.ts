import { createHmac, randomInt } from 'node:crypto';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import { Value } from 'typebox/value';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import type { CaptchaVerifier } from './captchaVerifier';

export const CAPTCHA_CHALLENGE_TTL_MS = 10 * 60_000;
const ALGORITHM = 'SHA-256';

/** What the widget submits, base64(JSON): the challenge it was given and its solution. */
const PayloadSchema = Type.Object({
  challenge: Type.Object({
    parameters: Type.Object({ algorithm: Type.Literal(ALGORITHM), expiresAt: Type.Number() }, { additionalProperties: true }),
    signature: Type.String({ minLength: 1, maxLength: 256 }),
  }),
  solution: Type.Object({ counter: Type.Integer(), derivedKey: Type.String({ maxLength: 256 }) }, { additionalProperties: true }),
});

export interface AltchaOptions {
  db: Kysely<Database>;
  hmacKey: string;
  /** The solver tries between maxNumber/2 and maxNumber counters (SHA-256: ~0.13 s at 100k). */
  maxNumber: number;
}

/**
 * ALTCHA v2 (the altcha 3 widget's format) with SHA-256 proof of work in deterministic mode: the
 * server picks the counter, the client must find it. Verification is stateless, so the
 * signatures of used challenges are kept in PostgreSQL until they expire (no replay on any node).
 */
export function createAltchaVerifier(options: AltchaOptions): CaptchaVerifier {
  const keySignatureSecret = createHmac('sha256', options.hmacKey).update('altcha-key-signature').digest('hex');

  async function rememberOnce(signature: string, expiresAtSeconds: number): Promise<boolean> {
    const inserted = await options.db
      .insertInto('captcha_used')
      .values({ signature, expires_at: new Date(expiresAtSeconds * 1000) })
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  return {
    provider: 'altcha',
    async createChallenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(Math.ceil(options.maxNumber / 2), options.maxNumber + 1),
        deriveKey,
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
        expiresAt: new Date(Date.now() + CAPTCHA_CHALLENGE_TTL_MS),
      });
    },
    async verify(solution) {
      const payload = decodePayload(solution);
      if (payload === null) throw errors.CAPTCHA_INVALID();
      const result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      if (result.expired) throw errors.CAPTCHA_EXPIRED();
      if (!result.verified) throw errors.CAPTCHA_INVALID();
      if (!(await rememberOnce(payload.challenge.signature, payload.challenge.parameters.expiresAt))) {
        throw errors.CAPTCHA_REPLAYED();
      }
    },
  };
}

function decodePayload(raw: string): { challenge: { parameters: { expiresAt: number }; signature: string }; solution: { counter: number; derivedKey: string } } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  return Value.Check(PayloadSchema, parsed) ? parsed : null;
}

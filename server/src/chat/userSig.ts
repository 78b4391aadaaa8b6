import { CHAT_SIGNATURE_VALIDITY_SECONDS, type ChatUserSig, type TouristAccount } from '@sports/shared/server';
import { Api } from 'tls-sig-api-v2';
import type { ChatConfig } from './chatConfig';
import { type GuestSigner, newGuestId } from './guestSignature';
import type { MemberSigner } from './memberSignature';

/** A Tencent Cloud IM UserSig (tls-sig-api-v2) for this identifier, valid 7 days; the key stays here. */
function tencentUserSig(tencent: NonNullable<ChatConfig['tencent']>, identifier: string): string {
  return new Api(tencent.sdkAppId, tencent.secretKey).genUserSig(identifier, CHAT_SIGNATURE_VALIDITY_SECONDS);
}

/**
 * The member's chat identity after site login (`GET api/tenxun/getUserSig`): for Tencent Cloud IM
 * a UserSig from tls-sig-api-v2 (the key stays on the server), for the built-in chat our own
 * HMAC signature bound to the site session (it ends with a sign-out or a password reset); both
 * valid CHAT_SIGNATURE_VALIDITY_SECONDS (7 days). Tencent checks its UserSig itself and cannot
 * be told about our sign-outs: there the signature lives its 7 days.
 */
export function issueUserSig(config: ChatConfig, memberSigner: MemberSigner, userId: number, sessionId: number): ChatUserSig {
  const id = String(userId);
  if (config.provider === 'tencent' && config.tencent !== null) {
    return { id, userSig: tencentUserSig(config.tencent, id), sdkAppId: config.tencent.sdkAppId };
  }
  return { id, userSig: memberSigner.issue(userId, sessionId) };
}

/**
 * A guest's chat identity (`GET api/Universal/imTouristAccount`): a new guest id with what the
 * configured IM accepts from it. The page hands `sig` to the chat login as is, so with Tencent
 * Cloud IM it must be a Tencent UserSig for that id (tim.login refuses anything else); with the
 * built-in chat it is our guest signature. Both valid 7 days.
 */
export function issueTouristAccount(config: ChatConfig, guestSigner: GuestSigner): TouristAccount {
  if (config.provider === 'tencent' && config.tencent !== null) {
    const id = newGuestId();
    return { id, sig: tencentUserSig(config.tencent, id) };
  }
  return guestSigner.issue();
}

import { CHAT_SIGNATURE_VALIDITY_SECONDS, type ChatUserSig } from '@sports/shared/server';
import { Api } from 'tls-sig-api-v2';
import type { ChatConfig } from './chatConfig';
import type { MemberSigner } from './memberSignature';

/**
 * The member's chat identity after site login (`GET api/tenxun/getUserSig`): for Tencent Cloud IM
 * a UserSig from tls-sig-api-v2 (the key stays on the server), for the built-in chat our own
 * HMAC signature; both valid CHAT_SIGNATURE_VALIDITY_SECONDS (7 days).
 */
export function issueUserSig(config: ChatConfig, memberSigner: MemberSigner, userId: number): ChatUserSig {
  const id = String(userId);
  if (config.provider === 'tencent' && config.tencent !== null) {
    const { sdkAppId, secretKey } = config.tencent;
    return { id, userSig: new Api(sdkAppId, secretKey).genUserSig(id, CHAT_SIGNATURE_VALIDITY_SECONDS), sdkAppId };
  }
  return { id, userSig: memberSigner.issue(userId) };
}

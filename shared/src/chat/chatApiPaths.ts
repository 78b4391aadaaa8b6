// The chat identities' API paths (ChatSession's, in @sports/shared/chat), in the browser entry for
// the tests and fakes that answer them.
/** `GET api/tenxun/getUserSig`: the logged-in member's chat identity. */
export const MEMBER_CHAT_SIG_PATH = 'api/tenxun/getUserSig';
/** `GET api/Universal/imTouristAccount`: a guest chat identity (SPEC.md section 7). */
export const GUEST_CHAT_ACCOUNT_PATH = 'api/Universal/imTouristAccount';

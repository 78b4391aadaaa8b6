import Type, { type Static } from 'typebox';
import type { SessionUser } from '../../auth/sessions';

/** `GET api/user/info`: the signed-in user's profile (SPEC.md section 3, without the token). */
export const UserInfoSchema = Type.Object({
  id: Type.Integer(),
  user_nickname: Type.String(),
  avatar: Type.String(),
  exp: Type.Integer(),
  /** Integer money units. */
  balance: Type.Integer(),
  is_anchor: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type UserInfo = Static<typeof UserInfoSchema>;

/** The session lookup already read the user row; this only shapes it for the client. */
export function toUserInfo(user: SessionUser): UserInfo {
  return {
    id: user.id,
    user_nickname: user.user_nickname,
    avatar: user.avatar,
    exp: user.exp,
    balance: user.balance,
    is_anchor: user.is_anchor,
  };
}

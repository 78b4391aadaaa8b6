import Type, { type Static } from 'typebox';
import { MAX_LENGTH } from '../api/limits';
import { LOGIN_NEEDS_SMS_CODE_MESSAGE } from './limits';

/**
 * Accounts (SPEC.md sections 3, 5, 7). The server validates with these and the host types its
 * calls from them. The server also checks what a schema cannot: the country code against the
 * configured list, SMS code validity, captcha solutions, limits.
 */

/** Country code + '-' + number, e.g. '86-13800138000'; the number is digits only, at most 11. */
export const MobileSchema = Type.String({ minLength: 3, maxLength: 16, pattern: '^[0-9]{1,4}-[0-9]{1,11}$' });

export const DeviceTypeSchema = Type.Literal('pc');
export const SmsCodeSchema = Type.String({ pattern: `^[0-9]{${MAX_LENGTH.smsCode}}$` });
export const PasswordSchema = Type.String({ minLength: 6, maxLength: 32 });
export const InviteCodeSchema = Type.String({ maxLength: MAX_LENGTH.invite, pattern: '^[0-9A-Za-z]*$' });
/** The captcha widget's solution (ALTCHA: a base64 payload). */
export const CaptchaSolutionSchema = Type.String({ minLength: 1, maxLength: 4096 });

/** SMS code purpose: 1 register, 2 other (password reset). */
export const SmsPurposeSchema = Type.Union([Type.Literal(1), Type.Literal(2)]);

/** The captcha is spent before anything is counted or sent (nobody can spend a number's codes for free). */
export const GetCodeRequestSchema = Type.Object(
  { mobile: MobileSchema, type: SmsPurposeSchema, captcha: CaptchaSolutionSchema },
  { additionalProperties: false },
);
export type GetCodeRequest = Static<typeof GetCodeRequestSchema>;
export const GetCodeResultSchema = Type.Object({ resendAfterSeconds: Type.Integer() });

/**
 * `code` (optional): a type-2 SMS code. A number that failed too many logins from many
 * addresses is guarded: the password alone is not checked, the owner logs in with password +
 * code (the server answers LOGIN_NEEDS_SMS_CODE_MESSAGE until then).
 */
export const LoginRequestSchema = Type.Object(
  {
    mobile: Type.String({ maxLength: 32 }),
    password: PasswordSchema,
    device_type: DeviceTypeSchema,
    captcha: CaptchaSolutionSchema,
    code: Type.Optional(SmsCodeSchema),
  },
  { additionalProperties: false },
);

export type LoginRequest = Static<typeof LoginRequestSchema>;

export const RegisterRequestSchema = Type.Object(
  {
    mobile: MobileSchema,
    code: SmsCodeSchema,
    password: PasswordSchema,
    device_type: DeviceTypeSchema,
    invite: Type.Optional(InviteCodeSchema),
    captcha: CaptchaSolutionSchema,
  },
  { additionalProperties: false },
);
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

export const ForgotPasswordRequestSchema = Type.Object(
  { mobile: MobileSchema, code: SmsCodeSchema, password: PasswordSchema },
  { additionalProperties: false },
);
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequestSchema>;

/** What the site shows of the logged-in user (SPEC.md section 3, User info). */
export const UserProfileSchema = Type.Object({
  id: Type.Integer(),
  user_nickname: Type.String(),
  avatar: Type.String(),
  exp: Type.Integer(),
  /** LV from exp (shared/src/levels/levels.ts), so every client shows the same level. */
  level: Type.Integer({ minimum: 1 }),
  /** Wallet balance in integer units. */
  balance: Type.Integer(),
  is_anchor: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** The user's own invite code, to share. */
  invite_code: Type.String(),
});
export type UserProfile = Static<typeof UserProfileSchema>;

/**
 * Login and registration answer the user fields, plus `token` for non-browser clients (they send
 * it in the `token` header). A browser gets the token only as the HttpOnly cookie: the answer
 * to a request with `Origin` or `Sec-Fetch-*` headers has no `token`, so page scripts never see it.
 */
export const LoginResultSchema = Type.Object({ ...UserProfileSchema.properties, token: Type.Optional(Type.String()) });
export type LoginResult = Static<typeof LoginResultSchema>;

export const UpdateInfoRequestSchema = Type.Object(
  {
    user_nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
    avatar: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type UpdateInfoRequest = Static<typeof UpdateInfoRequestSchema>;

export const AvatarChoiceSchema = Type.Object({ id: Type.Integer(), url: Type.String() });
export type AvatarChoice = Static<typeof AvatarChoiceSchema>;

/** `POST api/Member/getQiniuToken`: a short-lived token to upload one file to the object store. */
export const UploadTokenSchema = Type.Object({
  token: Type.String(),
  uploadUrl: Type.String(),
  expiresAt: Type.String(),
  maxBytes: Type.Integer(),
  allowedTypes: Type.Array(Type.String()),
});
export type UploadToken = Static<typeof UploadTokenSchema>;

/** `POST api/upload` (multipart: `token`, `file`): where the stored file is served. */
export const UploadResultSchema = Type.Object({ url: Type.String() });
export type UploadResult = Static<typeof UploadResultSchema>;

/** `GET api/Universal/imTouristAccount`: the guest chat identity, signed by the server. */
export const TouristAccountSchema = Type.Object({ id: Type.String(), sig: Type.String() });
export type TouristAccount = Static<typeof TouristAccountSchema>;

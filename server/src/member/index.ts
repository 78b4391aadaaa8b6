// The member domain's surface.
export { type MemberOptions, memberPlugin } from './memberPlugin';
export { type MemberConfig, defaultMemberConfig } from './memberConfig';
export type { RealNameVerdict, RealNameVerifier } from './realNameVerifier';
export type { IdCipher } from './idCipher';
export { isVerified, maskedNames, verifiedLegalName } from './realName';
export { maskLegalName, normaliseLegalName } from './legalName';
export { type IdentityChecker, type IdentityCheckLimits, IDENTITY_CHECK_LIMITS, admitIdentityCheck, checkIdentity, recordIdentityCheck } from './identityChecks';

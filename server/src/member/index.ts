// The member domain's surface.
export { type MemberOptions, memberPlugin } from './memberPlugin';
export { type MemberConfig, defaultMemberConfig } from './memberConfig';
export type { RealNameVerdict, RealNameVerifier } from './realNameVerifier';

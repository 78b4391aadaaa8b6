import { entry } from './entry';

/** Micro-frontend releases and rollouts: ops and remote telemetry. One group of the one errors table (../errorCatalogue.ts). */
export const releaseErrors = {
  // --- Micro-frontend releases and rollouts (modules/mf): ops and remote telemetry. ---
  OPS_FORBIDDEN: entry('需要运维权限', { status: 403 }),
  TELEMETRY_RATE_LIMITED: entry('上报过于频繁，请稍后再试', { status: 429 }),
  RELEASE_REFUSED: entry((problems: string[]) => `发布被拒绝：${problems.join('；')}`),
  /** A release built with another Module Federation runtime than the host's (rollouts/federationRuntimeCheck.ts). */
  RELEASE_RUNTIME_MISMATCH: entry(
    (release: string, host: string) => `发布被拒绝：它的模块联邦运行时是 ${release}，主应用的是 ${host}（须同一主版本和次版本）；请用 @module-federation/enhanced ${host} 重新构建`,
  ),
  RELEASE_UNKNOWN: entry((releaseId: string) => `发布 ${releaseId} 未登记`),
  RELEASE_CHANGED_WHILE_SEALING: entry('发布文件在登记时被改动，请重新发布'),
  RELEASE_SEALED: entry('发布已登记，文件不可修改', { status: 409 }),
  RELEASE_BAD_PATH: entry('文件路径无效'),
  /** A release file uploaded as something other than raw bytes. */
  RELEASE_NOT_BINARY: entry('文件路径无效', { status: 415 }),
  RELEASE_FILE_CONFLICT: entry('同名文件内容不同：发布不可覆盖', { status: 409 }),
  ROLLOUT_SAME_AS_STABLE: entry('该发布已是稳定版本'),
  ROLLOUT_NO_CANDIDATE: entry('当前没有候选发布'),
  /**
   * The release would take traffic with a path another remote's release in traffic (its stable, or
   * its candidate at any percentage) holds (rollouts/routeOwnership.ts): the first such path.
   */
  ROUTE_CLAIMED: entry((path: string, remote: string, releaseId: string) => `路径 #/${path} 已由 ${remote} 的发布 ${releaseId} 使用`),
  OVERRIDE_RELEASE_WITHDRAWN: entry((releaseId: string) => `发布 ${releaseId} 已回滚，不能用于测试覆盖；请先重新灰度`),
  OVERRIDE_MINUTES: entry((max: number) => `有效期必须是 1 到 ${max} 分钟`),
};

import type {
  Activity,
  ActivityPage,
  AnchorApplicationReview,
  AnchorApplicationState,
  AuditEntry,
  ModerationAction,
  ModerationActionBody,
  ModerationActionResult,
  ModerationReportPage,
  ReportState,
  SensitiveWordChange,
  SensitiveWordChangeResult,
  SensitiveWordList,
  OpsAnchorApplicationPage,
  OpsChargeRule,
  OpsLotteryList,
  OpsRedPacketList,
  OpsWithdrawalPage,
  OverrideGrantAnswer,
  PredictionOpsList,
  RemoteName,
  RolloutState,
  SaveActivityRequest,
  SaveChargeRuleRequest,
  WithdrawalReview,
  WithdrawalState,
} from '@sports/shared';

/** The control plane's ops header (server/src/infra/http/opsAuth.ts). */
export const OPS_TOKEN_HEADER = 'x-ops-token';
export const AUDIT_LIMIT = 50;
/** Rows a page of the review queue and of the banner list. */
export const OPS_PAGE_SIZE = 20;

/** The server refused the token (403): the page goes back to the token form. */
export class OpsForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsForbiddenError';
  }
}

/** Any other failure, with the server's zh-CN message when it gave one. */
export class OpsRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsRequestError';
  }
}

export interface OpsApi {
  rollouts(): Promise<RolloutState[]>;
  audit(): Promise<AuditEntry[]>;
  canary(remote: RemoteName, releaseId: string, percent: number, reason: string): Promise<void>;
  promote(remote: RemoteName, reason: string): Promise<void>;
  rollback(remote: RemoteName, toReleaseId: string | null, reason: string): Promise<void>;
  /** A signed QA override token for one release, and the site path that applies it. */
  override(remote: RemoteName, releaseId: string, minutes: number): Promise<OverrideGrantAnswer>;
  /** The anchor applications in one state (pending: oldest first; else newest first). */
  anchorApplications(state: AnchorApplicationState, page: number): Promise<OpsAnchorApplicationPage>;
  approveApplication(id: number): Promise<AnchorApplicationReview>;
  rejectApplication(id: number, reason: string): Promise<AnchorApplicationReview>;
  /** Every activity banner, the newest window first. */
  activities(page: number): Promise<ActivityPage>;
  /** Creates a banner, or updates banner `request.id`. */
  saveActivity(request: SaveActivityRequest): Promise<Activity>;
  deleteActivity(id: number): Promise<void>;
  /** Every recharge package, enabled or not, in the members' order. */
  chargeRules(): Promise<OpsChargeRule[]>;
  /** Creates a package, or updates package `request.id` (audited by the server). */
  saveChargeRule(request: SaveChargeRuleRequest): Promise<OpsChargeRule>;
  /** Withdrawals in one state (pending: oldest first, the queue; else newest first), by keyset cursor. */
  withdrawals(state: WithdrawalState, cursor: string | null): Promise<OpsWithdrawalPage>;
  /** Marks a pending withdrawal paid (the money was sent). */
  approveWithdrawal(id: number): Promise<WithdrawalReview>;
  /** Rejects a pending withdrawal with a reason; its earnings go back to the anchor. */
  rejectWithdrawal(id: number, reason: string): Promise<WithdrawalReview>;
  /** The sensitive-word list (server/src/moderation/). */
  sensitiveWords(): Promise<SensitiveWordList>;
  /** Adds and / or removes words; applied at once (audited by the server). */
  changeSensitiveWords(change: SensitiveWordChange): Promise<SensitiveWordChangeResult>;
  /** Reports in one state grouped by target, the latest first, by keyset cursor. */
  moderationReports(state: ReportState, cursor: string | null): Promise<ModerationReportPage>;
  /** An action on report `reportId`'s target (resolves its open reports; audited). */
  moderationAction(reportId: number, action: ModerationAction, body: ModerationActionBody): Promise<ModerationActionResult>;
  /** The newest 50 red packets (of room `roomId`, or all), each with its seed, shares and ledger sets (红包审计). */
  opsRedPackets(roomId: number | null): Promise<OpsRedPacketList>;
  /** Predictions (of room `roomId`, or all), newest first, 20 a page by keyset cursor, with their audit trail (竞猜审计). */
  opsPredictions(roomId: number | null, cursor: number | null): Promise<PredictionOpsList>;
  /** The newest 50 lotteries (of room `roomId`, or all), each with its seed, entries, winners and ledger sets (天选审计). */
  opsLotteries(roomId: number | null): Promise<OpsLotteryList>;
}

/** `?a=1&b=2` from the values that are set ('' when none is). */
function queryOf(values: Record<string, number | null>): string {
  const pairs = Object.entries(values).flatMap(([key, value]) => (value === null ? [] : [`${key}=${value}`]));
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/**
 * The ops API over fetch with the token header. Not the shared API client: its interceptor
 * toasts code 1 and reacts to session codes, while this page shows its own errors in place.
 */
export function createOpsApi(token: string, forbiddenMessage: string): OpsApi {
  async function call<Data>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Data> {
    const headers: Record<string, string> = { [OPS_TOKEN_HEADER]: token, 'X-Requested-With': 'XMLHttpRequest' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = (await response.json().catch(() => null)) as Envelope | null;
    if (response.status === 403) throw new OpsForbiddenError(forbiddenMessage);
    if (!answer || typeof answer.code !== 'number') throw new OpsRequestError(`HTTP ${response.status}`);
    if (answer.code !== 200) throw new OpsRequestError(answer.msg || `HTTP ${response.status}`);
    return answer.data as Data;
  }

  return {
    rollouts: () => call('GET', '/api/mf/rollouts'),
    audit: () => call('GET', `/api/mf/audit?limit=${AUDIT_LIMIT}`),
    canary: (remote, releaseId, percent, reason) => call('POST', `/api/mf/rollouts/${remote}/canary`, { releaseId, percent, reason }),
    promote: (remote, reason) => call('POST', `/api/mf/rollouts/${remote}/promote`, { reason }),
    rollback: (remote, toReleaseId, reason) =>
      call('POST', `/api/mf/rollouts/${remote}/rollback`, toReleaseId ? { toReleaseId, reason } : { reason }),
    override: (remote, releaseId, minutes) => call('POST', '/api/mf/overrides', { remote, releaseId, minutes }),
    anchorApplications: (state, page) => call('GET', `/api/ops/anchorApplications?state=${state}&page=${page}&page_size=${OPS_PAGE_SIZE}`),
    approveApplication: (id) => call('POST', `/api/ops/anchorApplications/${id}/approve`, {}),
    rejectApplication: (id, reason) => call('POST', `/api/ops/anchorApplications/${id}/reject`, { reason }),
    activities: (page) => call('GET', `/api/ops/activities?page=${page}&page_size=${OPS_PAGE_SIZE}`),
    saveActivity: (request) => call('POST', '/api/ops/activities', request),
    deleteActivity: async (id) => {
      await call('POST', `/api/ops/activities/${id}/delete`, {});
    },
    chargeRules: () => call('GET', '/api/ops/chargeRules'),
    saveChargeRule: (request) => call('POST', '/api/ops/chargeRules', request),
    withdrawals: (state, cursor) => call('GET', `/api/ops/withdrawals?state=${state}&page_size=${OPS_PAGE_SIZE}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`),
    approveWithdrawal: (id) => call('POST', `/api/ops/withdrawals/${id}/approve`, {}),
    rejectWithdrawal: (id, reason) => call('POST', `/api/ops/withdrawals/${id}/reject`, { reason }),
    sensitiveWords: () => call('GET', '/api/ops/moderation/words'),
    changeSensitiveWords: (change) => call('POST', '/api/ops/moderation/words', change),
    moderationReports: (state, cursor) => call('GET', `/api/ops/moderation/reports?state=${state}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`),
    moderationAction: (reportId, action, body) => call('POST', `/api/ops/moderation/reports/${reportId}/${action}`, body),
    opsRedPackets: (roomId) => call('GET', `/api/ops/redPackets${queryOf({ room_id: roomId })}`),
    opsPredictions: (roomId, cursor) => call('GET', `/api/ops/predictions${queryOf({ room_id: roomId, cursor })}`),
    opsLotteries: (roomId) => call('GET', `/api/ops/lotteries${queryOf({ room_id: roomId })}`),
  };
}

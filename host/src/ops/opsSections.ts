/** The ops page's sections (its tabs), in order; `#/ops?tab=<section>` opens one directly. */
export const OPS_SECTIONS = ['rollouts', 'applications', 'activities', 'chargeRules', 'withdrawals', 'moderationReports', 'moderationWords', 'headlines', 'predictionAudit', 'redPacketAudit', 'lotteryAudit'] as const;
export type OpsSection = (typeof OPS_SECTIONS)[number];

export function isOpsSection(value: string | null): value is OpsSection {
  return value !== null && (OPS_SECTIONS as readonly string[]).includes(value);
}

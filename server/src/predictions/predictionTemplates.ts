import type { PredictionTemplate, ScoreSport } from '@sports/shared/server';

/**
 * The templates of predictions bound to a match, each with its resolution rule, applied to the
 * feed's final score (home, away) once the match is `finished` (predictions/README.md):
 *
 * | template | outcomes | rule |
 * | --- | --- | --- |
 * | football_1x2 | 主胜 / 平 / 客胜 | home > away → 0; equal → 1; else 2 |
 * | total_goals (line N) | 大于N.5 / 小于N.5 | home + away > N → 0, else 1 (never a tie) |
 * | basketball_winner | 主胜 / 客胜 | home > away → 0; away > home → 1; equal → none (refund) |
 * | handicap (line N) | 主队让N.5 / 客队受让N.5 | home − away > N → 0, else 1 |
 * | custom | the creator's | no rule: never bound to a match, ended by a cancel (refund) |
 */
export interface TemplateSpec {
  title: (line: number | null) => string;
  outcomes: (line: number | null) => string[];
  sports: readonly ScoreSport[] | null;
  needsLine: boolean;
  /** The winning outcome from the final score, or null: nobody wins (refund). */
  resolve: (home: number, away: number, line: number | null) => number | null;
}

const half = (line: number | null) => `${line ?? 0}.5`;

export const TEMPLATES: Record<Exclude<PredictionTemplate, 'custom'>, TemplateSpec> = {
  football_1x2: {
    title: () => '本场胜负',
    outcomes: () => ['主胜', '平', '客胜'],
    sports: ['football'],
    needsLine: false,
    resolve: (home, away) => (home > away ? 0 : home === away ? 1 : 2),
  },
  total_goals: {
    title: (line) => `总进球 ${half(line)}`,
    outcomes: (line) => [`大于${half(line)}`, `小于${half(line)}`],
    sports: ['football', 'basketball'],
    needsLine: true,
    resolve: (home, away, line) => (home + away > (line ?? 0) ? 0 : 1),
  },
  basketball_winner: {
    title: () => '本场胜负',
    outcomes: () => ['主胜', '客胜'],
    sports: ['basketball'],
    needsLine: false,
    resolve: (home, away) => (home > away ? 0 : away > home ? 1 : null),
  },
  handicap: {
    title: (line) => `让分 主队让${half(line)}`,
    outcomes: (line) => [`主队让${half(line)}`, `客队受让${half(line)}`],
    sports: ['football', 'basketball'],
    needsLine: true,
    resolve: (home, away, line) => (home - away > (line ?? 0) ? 0 : 1),
  },
};

/** The winning outcome of a bound prediction (null: none wins, every stake is refunded). */
export function resolveOutcome(template: PredictionTemplate, home: number, away: number, line: number | null): number | null {
  if (template === 'custom') return null;
  return TEMPLATES[template].resolve(home, away, line);
}

import type { ScoreCompetition } from '../api/scoresApi';
import { boardCopy } from '../messages';
import { LabelledSelect } from '../ui/LabelledSelect';

export interface CompetitionFilterProps {
  competitions: readonly ScoreCompetition[];
  value: number | null;
  onChange: (competitionId: number | null) => void;
}

/** 赛事筛选: all competitions, or one. */
export function CompetitionFilter({ competitions, value, onChange }: CompetitionFilterProps) {
  const options = [{ value: '', label: boardCopy.allCompetitions }, ...competitions.map((competition) => ({ value: String(competition.id), label: competition.short_name_zh }))];
  return <LabelledSelect label={boardCopy.competition} value={value === null ? '' : String(value)} options={options} onChange={(next) => onChange(next === '' ? null : Number(next))} />;
}

import { Muted, type Absence, type Intelligence, type RecentResult } from '@sports/shared';
import { intelligenceCopy } from '../messages';
import { DataTable, type Column } from '../ui/DataTable';

export interface IntelligenceViewProps {
  intelligence: Intelligence;
  homeTeam: string;
  awayTeam: string;
}

/** Pre-match intelligence: injuries and suspensions, both teams' recent form, head-to-head. */
export function IntelligenceView({ intelligence, homeTeam, awayTeam }: IntelligenceViewProps) {
  const copy = intelligenceCopy;
  const absenceColumns: Column<Absence>[] = [
    { header: copy.team, cell: (absence) => (absence.side === 'home' ? homeTeam : awayTeam) },
    { header: copy.player, cell: (absence) => absence.player_zh },
    { header: copy.kind, cell: (absence) => copy[absence.kind] },
    { header: copy.reason, cell: (absence) => absence.reason_zh },
  ];
  return (
    <div data-testid="intelligence">
      <h3>{copy.absences}</h3>
      {intelligence.absences.length === 0 ? (
        <Muted>{copy.noAbsences}</Muted>
      ) : (
        <DataTable caption={copy.absences} columns={absenceColumns} rows={intelligence.absences} rowKey={(absence) => `${absence.side}-${absence.player_zh}`} />
      )}
      <ResultTable title={copy.recent(homeTeam)} results={intelligence.home_recent} />
      <ResultTable title={copy.recent(awayTeam)} results={intelligence.away_recent} />
      <ResultTable title={copy.headToHead} results={intelligence.head_to_head} />
    </div>
  );
}

function ResultTable({ title, results }: { title: string; results: readonly RecentResult[] }) {
  const columns = intelligenceCopy.columns;
  const resultColumns: Column<RecentResult>[] = [
    { header: columns.date, cell: (result) => result.date },
    { header: columns.competition, cell: (result) => result.competition_short_zh },
    { header: columns.match, cell: (result) => `${result.home_team_name_zh} - ${result.away_team_name_zh}` },
    { header: columns.score, cell: (result) => `${result.home_score}-${result.away_score}` },
    // Head-to-head rows belong to neither team: no result column.
    { header: columns.result, cell: (result) => intelligenceCopy.results[result.result] ?? result.result, hidden: results.every((result) => result.result === '') },
  ];
  return (
    <>
      <h3>{title}</h3>
      {results.length === 0 ? <Muted>{intelligenceCopy.noResults}</Muted> : <DataTable caption={title} columns={resultColumns} rows={results} rowKey={(result, index) => `${result.date}-${index}`} />}
    </>
  );
}

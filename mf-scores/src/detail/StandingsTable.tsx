import styled from 'styled-components';
import { Muted, type ScoreSport, type SeasonTable, type StandingRow } from '@sports/shared';
import { detailCopy } from '../messages';
import { DataTable, type Column } from '../ui/DataTable';

const Highlighted = styled.div`
  tr[data-highlight='true'] td {
    background: ${({ theme }) => theme.colors.background};
    font-weight: bold;
  }
`;

export interface StandingsTableProps {
  table: SeasonTable;
  sport: ScoreSport;
  /** Teams to highlight (the two of the match). */
  highlight?: readonly number[];
}

/** A season's table, one per group. */
export function StandingsTable({ table, sport, highlight = [] }: StandingsTableProps) {
  const names = { ...detailCopy.standingsColumns, ...(sport === 'basketball' ? detailCopy.basketballStandingsColumns : {}) };
  const columns: Column<StandingRow>[] = [
    { header: names.position, cell: (row) => row.position },
    { header: names.team, cell: (row) => row.team_short_zh },
    { header: names.played, cell: (row) => row.played },
    { header: names.won, cell: (row) => row.won },
    { header: names.drawn, cell: (row) => row.drawn, hidden: sport !== 'football' },
    { header: names.lost, cell: (row) => row.lost },
    { header: names.goals, cell: (row) => `${row.goals_for}/${row.goals_against}` },
    { header: names.diff, cell: (row) => (row.goal_diff > 0 ? `+${row.goal_diff}` : row.goal_diff) },
    { header: names.points, cell: (row) => row.points },
    { header: names.form, cell: (row) => row.form },
  ];
  if (table.groups.every((group) => group.rows.length === 0)) return <Muted>{detailCopy.noStandings}</Muted>;
  return (
    <Highlighted data-testid="standings">
      {table.groups.map((group) => (
        <div key={group.group_name}>
          {table.groups.length > 1 && <h3>{group.group_name}</h3>}
          <DataTable
            caption={[table.competition.short_name_zh, table.season.name, group.group_name].filter(Boolean).join(' ')}
            columns={columns}
            rows={group.rows}
            rowKey={(row) => row.team_id}
            rowProps={(row) => ({ 'data-highlight': highlight.includes(row.team_id) })}
          />
        </div>
      ))}
    </Highlighted>
  );
}

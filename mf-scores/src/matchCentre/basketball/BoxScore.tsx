import { useState } from 'react';
import styled from 'styled-components';
import { Button, TableScroll } from '@sports/shared';
import type { BasketballBoxScore, BasketballPlayerStats, BoxScorePlayer, BoxScoreTeam } from '@sports/shared/matchCentre';
import { clockText } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

const Table = styled.table`
  font-variant-numeric: tabular-nums;

  th button {
    padding: 0 2px;
    font-weight: 600;
  }
  tr[data-on-court='true'] td:first-child::before {
    content: '● ';
    color: ${({ theme }) => theme.colors.success};
  }
  tfoot td {
    font-weight: 600;
  }
`;

export type BoxColumn = keyof typeof matchCentreCopy.boxColumns;
const COLUMNS = Object.keys(matchCentreCopy.boxColumns) as BoxColumn[];

const valueOf = (stats: BasketballPlayerStats, column: Exclude<BoxColumn, 'name'>) => (column === 'minutes' ? stats.seconds : stats[column]);

/** The players ordered by a column: numbers high first, names in Chinese order; ties keep the server's order. */
export function sortPlayers(players: readonly BoxScorePlayer[], column: BoxColumn, descending: boolean): BoxScorePlayer[] {
  const sign = descending ? -1 : 1;
  return [...players].sort((a, b) => sign * (column === 'name' ? a.name_zh.localeCompare(b.name_zh, 'zh-CN') : valueOf(a.stats, column) - valueOf(b.stats, column)));
}

function cellOf(stats: BasketballPlayerStats, column: Exclude<BoxColumn, 'name'>) {
  return column === 'minutes' ? clockText(stats.seconds) : stats[column];
}

function TeamBox({ team }: { team: BoxScoreTeam }) {
  const [sort, setSort] = useState<{ column: BoxColumn; descending: boolean } | null>(null);
  const players = sort === null ? team.players : sortPlayers(team.players, sort.column, sort.descending);
  const onSort = (column: BoxColumn) =>
    setSort((current) => (current?.column === column ? { column, descending: !current.descending } : { column, descending: column !== 'name' }));
  return (
    <TableScroll>
      <Table data-testid={`box-score-${team.side}`}>
        <caption>{matchCentreCopy.boxScoreTable(team.team_name_zh)}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" aria-sort={sort?.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined}>
                <Button variant="ghost" size="small" onClick={() => onSort(column)} title={matchCentreCopy.sortBy(matchCentreCopy.boxColumns[column])}>
                  {matchCentreCopy.boxColumns[column]}
                </Button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <tr key={player.player_id} data-on-court={player.on_court} data-testid="box-player">
              <th scope="row">
                <a href={`#/player?id=${player.player_id}`}>
                  {player.shirt_number} {player.name_zh}
                </a>
                {player.fouled_out && '（犯满离场）'}
              </th>
              {COLUMNS.filter((column): column is Exclude<BoxColumn, 'name'> => column !== 'name').map((column) => (
                <td key={column}>{cellOf(player.stats, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">合计</th>
            {COLUMNS.filter((column): column is Exclude<BoxColumn, 'name'> => column !== 'name').map((column) => (
              <td key={column}>{column === 'minutes' ? '' : cellOf(team.totals, column)}</td>
            ))}
          </tr>
        </tfoot>
      </Table>
    </TableScroll>
  );
}

/** The box score: each team's players, sortable by any column (a button in its header; aria-sort says how). */
export function BoxScore({ boxScore }: { boxScore: BasketballBoxScore }) {
  if (boxScore.home.players.length === 0 && boxScore.away.players.length === 0) return <p>{matchCentreCopy.notStarted}</p>;
  return (
    <section aria-label={matchCentreCopy.boxScore} data-testid="box-score">
      <TeamBox team={boxScore.home} />
      <TeamBox team={boxScore.away} />
    </section>
  );
}

import type { RolloutState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { ColumnHeaders } from './ColumnHeaders';
import { errorRateText, opsTime, trafficShare } from './opsFormat';
import { Muted, Table, TableScroll } from './opsStyles';

const text = opsMessages.ops;

function roleOf(state: RolloutState, releaseId: string): string {
  const share = trafficShare(state, releaseId);
  if (share === null) return '—';
  return releaseId === state.stable ? text.roleStable(share) : text.roleCandidate(share);
}

/** One remote's releases (newest first): traffic share, loads, errors and error rate. */
export function ReleaseTable({ state }: { state: RolloutState }) {
  if (state.releases.length === 0) return <Muted>{text.noReleases}</Muted>;
  const windowSeconds = state.releases[0]?.health.windowSeconds ?? 0;
  const columns = text.columns;
  return (
    <TableScroll>
      <Table>
        <caption>{text.releasesCaption(state.remote, windowSeconds)}</caption>
        <ColumnHeaders titles={[columns.release, columns.version, columns.traffic, columns.loads, columns.errors, columns.errorRate, columns.published, columns.publishedBy]} />
        <tbody>
          {state.releases.map((release) => (
            <tr key={release.releaseId} data-release={release.releaseId}>
              <th scope="row">{release.releaseId}</th>
              <td>{release.version}</td>
              <td>{roleOf(state, release.releaseId)}</td>
              <td data-numeric>{release.health.loads}</td>
              <td data-numeric>{release.health.errors}</td>
              <td data-numeric>{errorRateText(release.health.errorRate)}</td>
              <td>{opsTime(release.createdAt)}</td>
              <td>{release.createdBy}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

import styled from 'styled-components';
import type { RemoteName } from '@sports/shared';
import { RemoteWidget } from '../remotes/RemoteWidget';
import { ActivityStrip } from './ActivityStrip';
import { hostCopy } from './hostCopy';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: 16px;
`;

/**
 * The widgets the home page composes, by remote (DESIGN.md section 3). Kept here until the home
 * page reads them from the route manifests of the visitor's releases (issue 16).
 */
const HOME_WIDGETS: ReadonlyArray<{ remote: RemoteName; widget: string }> = [
  { remote: 'mf_scores', widget: 'hotMatches' },
  { remote: 'mf_live', widget: 'liveRecommend' },
  { remote: 'mf_community', widget: 'headlines' },
];

/**
 * The home page: the activity banners active now (host-owned: ops content from the host's ops
 * console, shown even when a remote fails), then the widgets of the scores, live and community
 * remotes.
 */
export function HomePage() {
  return (
    <section aria-label={hostCopy.homeLabel}>
      <ActivityStrip />
      <Grid>
        {HOME_WIDGETS.map(({ remote, widget }) => (
          <RemoteWidget key={`${remote}/${widget}`} remote={remote} widget={widget} />
        ))}
      </Grid>
    </section>
  );
}

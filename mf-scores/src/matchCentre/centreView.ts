import type { MatchRow, RemoteContext } from '@sports/shared';
import type { FrameRelay } from './frameRelay';
import { matchCentreCopy } from './matchCentreCopy';

/** The match page's two match-centre tabs: players (lineups / box score) and charts. */
export type CentreView = 'lineups' | 'charts';

export interface CentreViewProps {
  context: RemoteContext;
  row: MatchRow;
  view: CentreView;
  relay: FrameRelay;
}

/** The tabs the match page adds for the match centre: football and basketball have one, other sports none. */
export function centreTabs(sport: MatchRow['sport']): { key: CentreView; label: string }[] {
  if (sport === 'football') return [{ key: 'lineups', label: matchCentreCopy.tabs.lineups }, { key: 'charts', label: matchCentreCopy.tabs.charts }];
  if (sport === 'basketball') return [{ key: 'lineups', label: matchCentreCopy.basketballTabs.lineups }, { key: 'charts', label: matchCentreCopy.basketballTabs.charts }];
  return [];
}

export const isCentreView = (key: string): key is CentreView => key === 'lineups' || key === 'charts';

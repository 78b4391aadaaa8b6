import { PageLoading, useLoadedComponent, type ComponentLoader } from '@sports/shared';
import type { CentreViewProps } from './centreView';

// Each sport's charts are a chunk of their own, fetched when one of its tabs opens (issue 36:
// they do not weigh on the first visit to the page). Module constants: one load per page.
const loadFootball = () => import(/* webpackChunkName: "match-centre-football" */ './FootballCentre');
const loadBasketball = () => import(/* webpackChunkName: "match-centre-basketball" */ './BasketballCentre');

/** The match centre of the page's match: its sport's lazily loaded view (football or basketball). */
export function MatchCentreSection(props: CentreViewProps) {
  return props.row.sport === 'basketball' ? <Loaded load={loadBasketball} {...props} /> : <Loaded load={loadFootball} {...props} />;
}

function Loaded({ load, ...props }: CentreViewProps & { load: ComponentLoader<CentreViewProps> }) {
  const View = useLoadedComponent(load);
  return View === null ? <PageLoading /> : <View {...props} />;
}

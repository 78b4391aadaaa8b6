import { applyDeltaToBoxScore, applyDeltaToLeadTracker, applyDeltaToShotChart, type MatchCentreDelta } from '@sports/shared/matchCentre';
import { BoxScore } from './basketball/BoxScore';
import { LeadTracker } from './basketball/LeadTracker';
import { ShotChart } from './basketball/ShotChart';
import { CentreDocsView } from './CentreDocsView';
import type { CentreViewProps } from './centreView';
import { matchCentreApi, type BasketballCentre } from './matchCentreApi';
import { useCentreDocs } from './useCentreDocs';

export function applyBasketballDelta(docs: BasketballCentre, delta: MatchCentreDelta): BasketballCentre {
  return { boxScore: applyDeltaToBoxScore(docs.boxScore, delta), shotChart: applyDeltaToShotChart(docs.shotChart, delta), leadTracker: applyDeltaToLeadTracker(docs.leadTracker, delta) };
}

/** A basketball game's centre (its own chunk): 球员统计 the sortable box score; 投篮图 the shot chart and the lead tracker. */
export default function BasketballCentreView({ context, row, view, relay }: CentreViewProps) {
  const { state, docs, retry } = useCentreDocs(context, `matchCentre:basketball:${row.match_id}`, row.match_id, relay, () => matchCentreApi(context.api).basketball(row.match_id), applyBasketballDelta);
  const home = row.home_team_name_zh;
  const away = row.away_team_name_zh;
  return (
    <CentreDocsView state={state} docs={docs} retry={retry}>
      {(loaded) =>
        view === 'lineups' ? (
          <BoxScore boxScore={loaded.boxScore} />
        ) : (
          <>
            <ShotChart shotChart={loaded.shotChart} home={home} away={away} />
            <LeadTracker tracker={loaded.leadTracker} home={home} away={away} />
          </>
        )
      }
    </CentreDocsView>
  );
}

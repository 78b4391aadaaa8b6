import { applyDeltaToLineups, applyDeltaToMomentum, applyDeltaToShotMap, type MatchCentreDelta } from '@sports/shared/matchCentre';
import { CentreDocsView } from './CentreDocsView';
import type { CentreViewProps } from './centreView';
import { Lineups } from './football/Lineups';
import { MomentumChart } from './football/MomentumChart';
import { ShotMap } from './football/ShotMap';
import { XgRace } from './football/XgRace';
import { matchCentreApi, type FootballCentre } from './matchCentreApi';
import { useCentreDocs } from './useCentreDocs';

/** One delta into the three documents a football page holds (shared/src/matchCentre: keyed upserts). */
export function applyFootballDelta(docs: FootballCentre, delta: MatchCentreDelta): FootballCentre {
  return { lineups: applyDeltaToLineups(docs.lineups, delta), momentum: applyDeltaToMomentum(docs.momentum, delta), shotMap: applyDeltaToShotMap(docs.shotMap, delta) };
}

/**
 * A football match's centre (its own chunk, loaded when a tab of it opens): 阵容 is the lineups on
 * the pitch with live ratings; 数据图 the momentum, the shot map and the xG race.
 */
export default function FootballCentreView({ context, row, view, relay }: CentreViewProps) {
  const { state, docs, retry } = useCentreDocs(context, `matchCentre:football:${row.match_id}`, row.match_id, relay, () => matchCentreApi(context.api).football(row.match_id), applyFootballDelta);
  const home = row.home_team_name_zh;
  const away = row.away_team_name_zh;
  return (
    <CentreDocsView state={state} docs={docs} retry={retry}>
      {(loaded) =>
        view === 'lineups' ? (
          <Lineups lineups={loaded.lineups} />
        ) : (
          <>
            <MomentumChart momentum={loaded.momentum} home={home} away={away} />
            <ShotMap shotMap={loaded.shotMap} home={home} away={away} />
            <XgRace shotMap={loaded.shotMap} home={home} away={away} />
          </>
        )
      }
    </CentreDocsView>
  );
}

import { useCallback, useState } from 'react';
import type { MatchRow, RemoteContext } from '@sports/shared';
import { Commentary } from './Commentary';
import { MatchReplays } from './MatchReplays';
import { Timeline } from './Timeline';

/**
 * 赛况: the events, the match's replays and the text commentary, each loading on its own but shown
 * top down: a part is revealed once every part above it has settled (loaded, empty or failed), so
 * a part that answers late (the replays, the events) never pushes down one already painted below
 * it. Issue 36: the tab's layout shift on #/score-detail (CLS 0.043 when the replays' heading came
 * in above a painted commentary). A part below still loads at once, beside the ones above.
 */
export function TimelineTab({ context, row }: { context: RemoteContext; row: MatchRow }) {
  const [eventsSettled, setEventsSettled] = useState(false);
  const [replaysSettled, setReplaysSettled] = useState(false);
  const onEvents = useCallback(() => setEventsSettled(true), []);
  const onReplays = useCallback(() => setReplaysSettled(true), []);
  return (
    <>
      <Timeline context={context} row={row} onSettled={onEvents} />
      <div hidden={!eventsSettled} data-testid="timeline-tab-replays">
        <MatchReplays context={context} matchId={row.match_id} onSettled={onReplays} />
      </div>
      <div hidden={!(eventsSettled && replaysSettled)} data-testid="timeline-tab-commentary">
        <Commentary context={context} row={row} />
      </div>
    </>
  );
}

import { lazy, Suspense } from 'react';
import { useLoad, WidgetPanel, type RemoteWidgetProps } from '@sports/shared';
import { recommendApi } from '../follows/recommendApi';
import { forYouCopy } from '../follows/forYouCopy';

/**
 * The cards: the room card's code (ui/RoomCard.tsx and the copy it reads) is already in the
 * 正在直播 widget's chunk, which the home page loads anyway; naming that chunk puts the row there
 * too, so the first visit downloads the room card once (`pnpm check:bytes`), not in both widgets.
 */
const ForYouRow = lazy(() => import(/* webpackChunkName: "widget-liveRecommend" */ '../follows/ForYouRow'));

const loading = <p role="status">{forYouCopy.loading}</p>;

/**
 * 为你推荐 (issue 39 part 4): live rooms from `api/Recommend/rooms`, ranked for the member by
 * their follows and watch history (guests: the popular rooms with a sport mix), each card linking
 * to its room with why it is there. Nothing at all when no room is live or the call failed (the
 * 正在直播 widget beside it says so).
 */
export default function ForYouWidget({ context }: RemoteWidgetProps) {
  const { state } = useLoad('forYou', () => recommendApi(context.api).rooms());
  if (state.status === 'failed' || (state.status === 'ready' && state.data.list.length === 0)) return null;
  return (
    // data-widget-wide: the host's home grid gives this row its whole width (host/src/pages/HomePage.tsx).
    <div data-widget-wide="">
      <WidgetPanel widgetId="forYou" remote="mf-live" title={forYouCopy.title} action={<a href="#/anchor?type=0">{forYouCopy.more}</a>} loading={state.status === 'loading'}>
        {state.status === 'loading' ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <ForYouRow list={state.data.list} />
          </Suspense>
        )}
      </WidgetPanel>
    </div>
  );
}

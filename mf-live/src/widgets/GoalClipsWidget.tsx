import { MediaThumbCard, MediaThumbList, useLoad, WidgetPanel, type Clip, type RemoteWidgetProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { CLIP_KIND_TITLES, clipCopy, clipHref } from '../clips/clipCopy';

/** Clips the widget shows: the latest goals and penalties. */
export const GOAL_CLIPS_LIMIT = 8;
export const GOAL_CLIP_KINDS = 'goal,penalty';

/** Only ready clips with a picture and a video on this site. */
function showable(clip: Clip): boolean {
  return clip.status === 'ready' && clip.video_url !== null;
}

/**
 * 进球集锦 on the home page: the latest goal and penalty clips
 * (`api/Clip/list?latest=1&kinds=goal,penalty&limit=8`), thumbnails leading to each clip's page.
 * Hidden when there are none (or they could not be loaded: the home page has other news).
 */
export default function GoalClipsWidget({ context }: RemoteWidgetProps) {
  const { state } = useLoad('goalClips', async () => (await liveApi(context.api).clipList({ latest: 1, kinds: GOAL_CLIP_KINDS, limit: GOAL_CLIPS_LIMIT })).list.filter(showable));
  if (state.status === 'failed' || (state.status === 'ready' && state.data.length === 0)) return null;
  return (
    <WidgetPanel widgetId="goalClips" remote="mf-live" title={clipCopy.widget} loading={state.status === 'loading'}>
      {state.status === 'loading' ? (
        <p role="status">{clipCopy.widgetLoading}</p>
      ) : (
        <MediaThumbList aria-label={clipCopy.widget} data-testid="goal-clips">
          {state.data.map((clip) => (
            <MediaThumbCard key={clip.id} href={clipHref(clip.id)} thumbUrl={clip.thumb_url} title={clip.title} tag={CLIP_KIND_TITLES[clip.kind]} cardProps={{ 'data-clip-id': clip.id }} linkTestId="goal-clip" />
          ))}
        </MediaThumbList>
      )}
    </WidgetPanel>
  );
}

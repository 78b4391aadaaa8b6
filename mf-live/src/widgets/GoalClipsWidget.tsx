import styled from 'styled-components';
import { useLoad, WidgetPanel, type Clip, type RemoteWidgetProps } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { CLIP_KIND_TITLES, clipCopy, clipHref } from '../clips/clipCopy';

/** Clips the widget shows: the latest goals and penalties. */
export const GOAL_CLIPS_LIMIT = 8;
export const GOAL_CLIP_KINDS = 'goal,penalty';

/** A row that scrolls sideways on a phone, a grid of four on a desktop. */
const Strip = styled.ul`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    grid-template-columns: none;
    grid-auto-flow: column;
    grid-auto-columns: 60%;
    overflow-x: auto;
    scroll-snap-type: x mandatory;
    li {
      scroll-snap-align: start;
    }
  }

  a {
    display: flex;
    flex-direction: column;
    gap: 4px;
    color: inherit;
    text-decoration: none;
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
  .thumb {
    position: relative;
    aspect-ratio: 16 / 9;
    border-radius: ${({ theme }) => theme.radius.medium};
    overflow: hidden;
    background: #000;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .kind {
    position: absolute;
    left: 6px;
    bottom: 6px;
    padding: 0 6px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.textInverse};
    font-size: ${({ theme }) => theme.font.small};
  }
  .title {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
    font-size: ${({ theme }) => theme.font.body};
  }
`;

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
        <Strip aria-label={clipCopy.widget} data-testid="goal-clips">
          {state.data.map((clip) => (
            <li key={clip.id} data-clip-id={clip.id}>
              <a href={clipHref(clip.id)} data-testid="goal-clip">
                <span className="thumb">
                  {clip.thumb_url && <img src={clip.thumb_url} alt="" loading="lazy" />}
                  <span className="kind" aria-hidden="true">
                    {CLIP_KIND_TITLES[clip.kind]}
                  </span>
                </span>
                <span className="title">{clip.title}</span>
              </a>
            </li>
          ))}
        </Strip>
      )}
    </WidgetPanel>
  );
}

import { useEffect } from 'react';
import styled from 'styled-components';
import { useLoad, type Activity, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { activityCopy } from '../messages';

const Banner = styled.aside`
  border-radius: ${({ theme }) => theme.radius.medium};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  a {
    display: block;
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 340 / 120;
    object-fit: cover;
  }
`;

/** Asking again for the banners when one ends: never sooner than this after the last answer. */
export const REASK_MIN_MS = 60_000;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const LONGEST_TIMEOUT_MS = 2_147_483_647;

/** An image the page may show: https, or an upload of this site (what the server accepts). */
function safeBannerImage(src: string): boolean {
  return /^(https:\/\/[^\s]+|\/uploads\/[^\s/]+)$/.test(src);
}

/** A link the page may follow: https, or a path under this site's /web/ (never javascript: or //host). */
function safeBannerLink(href: string): boolean {
  return /^(https:\/\/[^\s]+|\/web\/[^\s]*)$/.test(href);
}

/** The first banner the server answered whose addresses are safe (the server decided which are active now). */
export function currentActivity(list: readonly Activity[]): Activity | null {
  return list.find((activity) => safeBannerImage(activity.image) && safeBannerLink(activity.link)) ?? null;
}

/**
 * The activity banner beside the live room (`GET api/Activity_Config/getActivityUrl`, the banners
 * active now): the first one, as a lazy image linking where it says (`target`; `_blank` with
 * rel="noopener"). Nothing while loading, when none is active, or when the call fails.
 *
 * The server's clock decides what is active (a viewer's clock may be off). When the shown banner's
 * `ends_at` comes by this page's clock, the page asks again, at least REASK_MIN_MS after the
 * previous answer (a clock running ahead costs one call a minute, no more).
 */
export function ActivityBanner({ context }: { context: RemoteContext }) {
  const { state, reload } = useLoad('activities', () => liveApi(context.api).activities());
  const activity = state.status === 'ready' ? currentActivity(state.data) : null;

  const endsAt = activity === null ? Number.NaN : Date.parse(activity.ends_at);
  useEffect(() => {
    if (!Number.isFinite(endsAt)) return;
    const delay = Math.min(Math.max(endsAt - Date.now(), REASK_MIN_MS), LONGEST_TIMEOUT_MS);
    const timer = setTimeout(reload, delay);
    return () => clearTimeout(timer);
  }, [state, endsAt, reload]);

  if (activity === null) return null;
  const blank = activity.target === '_blank';
  return (
    <Banner aria-label={activityCopy.region} data-testid="activity-banner" data-activity-id={activity.id}>
      <a href={activity.link} target={activity.target} rel={blank ? 'noopener' : undefined} title={blank ? activityCopy.newWindow(activity.title) : activity.title}>
        <img src={activity.image} alt={activity.title} loading="lazy" />
      </a>
    </Banner>
  );
}

import { useEffect } from 'react';
import styled from 'styled-components';
import { useLoad, type Activity } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { hostCopy } from './hostCopy';

/** The banners active now (SPEC.md section 7), as the server's clock decides. */
export const ACTIVITIES_PATH = 'api/Activity_Config/getActivityUrl';
/** Asking again when a shown banner ends: never sooner than this after the last answer. */
export const REASK_MIN_MS = 60_000;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const LONGEST_TIMEOUT_MS = 2_147_483_647;

// What the server accepts (SaveActivityRequestSchema); anything else is not shown.
const SAFE_IMAGE = /^(https:\/\/[^\s]+|\/uploads\/[^\s/]+)$/;
const SAFE_LINK = /^(https:\/\/[^\s]+|\/web\/[^\s]*)$/;

/** The banners the page may show: safe image and link addresses only. */
export function showableActivities(list: readonly Activity[]): Activity[] {
  return list.filter((activity) => SAFE_IMAGE.test(activity.image) && SAFE_LINK.test(activity.link));
}

const Strip = styled.section`
  margin-bottom: 16px;
`;

const Items = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(280px, 1fr);
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-x: auto;
  scroll-snap-type: x mandatory;

  li {
    scroll-snap-align: start;
  }

  a {
    display: block;
    border-radius: ${({ theme }) => theme.radius.medium};
    overflow: hidden;
    background: ${({ theme }) => theme.colors.surface};
  }

  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }

  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 1200 / 240;
    object-fit: cover;
  }
`;

/**
 * The home page's activity banners (`GET api/Activity_Config/getActivityUrl`): every banner
 * active now, in the server's order, each a lazy image linking where ops said (its `target`;
 * `_blank` with rel="noopener"). Nothing at all while loading, when none is active or when the
 * call fails. When the first shown banner's window ends by this page's clock, the page asks
 * again (at least REASK_MIN_MS after the previous answer).
 */
export function ActivityStrip() {
  const { api } = useHostServices();
  const { state, reload } = useLoad('home-activities', () => api.get<Activity[] | null>(ACTIVITIES_PATH));
  const activities = state.status === 'ready' && Array.isArray(state.data) ? showableActivities(state.data) : [];

  const endsAt = activities.reduce((soonest, activity) => Math.min(soonest, Date.parse(activity.ends_at)), Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!Number.isFinite(endsAt)) return;
    const delay = Math.min(Math.max(endsAt - Date.now(), REASK_MIN_MS), LONGEST_TIMEOUT_MS);
    const timer = setTimeout(reload, delay);
    return () => clearTimeout(timer);
  }, [state, endsAt, reload]);

  if (activities.length === 0) return null;
  return (
    <Strip aria-label={hostCopy.activitiesLabel} data-testid="home-activities">
      <Items>
        {activities.map((activity) => {
          const blank = activity.target === '_blank';
          return (
            <li key={activity.id}>
              <a
                href={activity.link}
                target={activity.target}
                rel={blank ? 'noopener' : undefined}
                title={blank ? hostCopy.activityNewTab(activity.title) : activity.title}
                data-testid={`home-activity-${activity.id}`}
              >
                <img src={activity.image} alt={activity.title} loading="lazy" />
              </a>
            </li>
          );
        })}
      </Items>
    </Strip>
  );
}

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inBrowserZoneAt, renderRemotePage } from '@sports/shared/testing';
import { COMMUNITY_PATHS } from '../api/communityApi';
import { routes } from '../routes';
import { comment, communityContext, post } from './testing/communityFixtures';

/**
 * Issue 33: a browser in New York reads the circle in China time. The post went up at 07:13 China
 * time on 11-23 (18:13 on 11-22 in New York, 23:13 UTC); the page is read at 10:00 China time on
 * 11-24 (21:00 on 11-23 in New York), so it is "yesterday" in China whatever New York's calendar says.
 */
const POSTED = '2026-11-22T23:13:00.000Z';
const COMMENTED = '2026-11-24T01:15:00.000Z'; // 09:15 China time, 45 minutes before now
const NOW = '2026-11-24T02:00:00.000Z';

inBrowserZoneAt('America/New_York', NOW);

describe('times in the circle are China time (Asia/Shanghai), whatever the browser zone', () => {
  it('#/circle: a post reads 昨天 07:13, its tooltip the exact China time', async () => {
    expect(new Date(POSTED).getHours()).toBe(18); // the browser's own zone really is New York's
    const context = communityContext({
      [COMMUNITY_PATHS.topics]: [],
      [COMMUNITY_PATHS.feed]: { list: [post({ id: 9, created_at: POSTED })], next_cursor: null },
    });
    renderRemotePage(routes, 'circle', {}, context);
    const time = await screen.findByTestId('post-time');
    expect(time.textContent).toBe('昨天 07:13');
    expect(time.getAttribute('title')).toBe('2026-11-23 07:13');
    expect(time.getAttribute('dateTime')).toBe(POSTED);
  });

  it('#/circle-detail: the post and a comment 45 minutes old', async () => {
    const context = communityContext({
      [COMMUNITY_PATHS.info]: post({ id: 10, comment_count: 1, created_at: POSTED }),
      [COMMUNITY_PATHS.comments]: { list: [comment({ id: 100, created_at: COMMENTED })], next_cursor: null, comment_count: 1 },
    });
    renderRemotePage(routes, 'circle-detail', { id: '10' }, context);
    expect((await screen.findByTestId('post-time')).textContent).toBe('昨天 07:13');
    await waitFor(() => expect(screen.getAllByTestId('comment-thread')).toHaveLength(1));
    const commentTime = within(screen.getByTestId('comment-thread')).getByTestId('comment-time');
    expect(commentTime.textContent).toBe('45分钟前');
    expect(commentTime.getAttribute('title')).toBe('2026-11-24 09:15');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '@sports/shared';
import { inBrowserZoneAt, renderRemotePage } from '@sports/shared/testing';
import { MEMBER_PATHS } from '../api/memberApi';
import { POSTS_PATHS } from '../api/postsApi';
import { routes } from '../routes';
import { logIn, MEMBER, memberContext } from '../testing/fixtures';

/**
 * Issue 33: #/about-user shows a post's time exactly as #/circle does, in China time, in a browser
 * set to New York (mf-community/src/community/chinaTimes.test.tsx is the circle's side).
 */
const POSTED = '2026-11-22T23:13:00.000Z'; // 07:13 on 11-23 in China; 18:13 on 11-22 in New York
const NOW = '2026-11-24T02:00:00.000Z'; // 10:00 on 11-24 in China

const post: Post = {
  id: 30,
  author: { id: 1100, nickname: '主播老李', avatar: '', level: 30 },
  text: '早上好',
  images: [],
  topic: null,
  match: null,
  room: null,
  like_count: 0,
  comment_count: 0,
  liked_by_me: false,
  is_mine: false,
  created_at: POSTED,
};

inBrowserZoneAt('America/New_York', NOW);

describe('#/about-user in a New York browser', () => {
  it("a post's time is China time, the same text as the circle's", async () => {
    const context = memberContext({
      [MEMBER_PATHS.publicUser]: { id: 1100, user_nickname: '主播老李', avatar: '', level: 30, is_anchor: 1, room: null, fans: 9, is_attention: 0 },
      [POSTS_PATHS.userPosts]: { list: [post], next_cursor: null },
    });
    logIn(context, MEMBER);
    renderRemotePage(routes, 'about-user', { id: '1100' }, context);
    const time = within(await screen.findByTestId('user-post')).getByTestId('user-post-time');
    expect(time.textContent).toBe('昨天 07:13');
    expect(time.getAttribute('title')).toBe('2026-11-23 07:13');
  });
});

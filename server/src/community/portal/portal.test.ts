import type { HeadlineItem } from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import { type PortalPost, interleave, postExcerpt } from './portal';

const headline = (id: number): HeadlineItem => ({
  id,
  title: `标题${id}`,
  summary: '',
  cover: null,
  category: 'football',
  category_name: '足球',
  author: '编辑部',
  published_at: '2026-03-01T00:00:00.000Z',
  view_count: 0,
  like_count: 0,
  comment_count: 0,
});
const post = (id: number): PortalPost => ({ id, text: `动态${id}`, images: [], user_id: 1, user_nickname: '球迷', user_avatar: '', like_count: 0, comment_count: 0, created_at: '2026-03-01T00:00:00.000Z' });
const shape = (feed: ReturnType<typeof interleave>) => feed.list.map((entry) => (entry.kind === 'headline' ? `h${entry.headline.id}` : `p${entry.post.id}`));

describe('portal feed: headlines and hot posts interleaved', () => {
  it('two headlines then a post, up to the limit', () => {
    expect(shape(interleave([1, 2, 3, 4].map(headline), [1, 2].map(post), 6))).toEqual(['h1', 'h2', 'p1', 'h3', 'h4', 'p2']);
    expect(shape(interleave([1, 2, 3].map(headline), [1, 2].map(post), 3))).toEqual(['h1', 'h2', 'p1']);
  });

  it('one kind running out, the other fills the rest; none of either: empty', () => {
    expect(shape(interleave([1].map(headline), [1, 2, 3].map(post), 4))).toEqual(['h1', 'p1', 'p2', 'p3']);
    expect(shape(interleave([1, 2, 3, 4].map(headline), [], 3))).toEqual(['h1', 'h2', 'h3']);
    expect(shape(interleave([], [], 10))).toEqual([]);
  });

  it('post excerpts fold whitespace and stop at 60 characters', () => {
    expect(postExcerpt(' 第一行\n\n第二行\t ')).toBe('第一行 第二行');
    expect([...postExcerpt('字'.repeat(100))]).toHaveLength(60);
    expect(postExcerpt('字'.repeat(100)).endsWith('…')).toBe(true);
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemotePage } from '@sports/shared/testing';
import { ApiError } from '@sports/shared';
import { COMMUNITY_PATHS } from '../api/communityApi';
import { routes } from '../routes';
import { comment, communityContext, logIn, post, reply } from './testing/communityFixtures';

function threadIds(): string[] {
  return screen.getAllByTestId('comment-thread').map((thread) => thread.getAttribute('data-comment-id') ?? '');
}

describe('#/circle-detail', () => {
  it('shows the post and its comments with folded replies; 展开更多回复 reads the thread by root_id and cursor; comments page on', async () => {
    const folded = [reply({ id: 201 }), reply({ id: 202 }), reply({ id: 203, reply_to: { comment_id: 202, nickname: '乙' }, text: '<b>不加粗</b>' })];
    const context = communityContext({
      [COMMUNITY_PATHS.info]: post({ id: 10, comment_count: 7, images: ['/uploads/x.png'] }),
      [COMMUNITY_PATHS.comments]: (body: unknown) => {
        const { root_id, cursor } = body as { root_id?: number; cursor?: string };
        if (root_id === 100 && cursor === undefined) return { list: [...folded, reply({ id: 204 })].map((item) => ({ ...item, reply_count: 0, replies: [] })), next_cursor: 'r1', comment_count: 7 };
        if (root_id === 100) return { list: [{ ...reply({ id: 205 }), reply_count: 0, replies: [] }], next_cursor: null, comment_count: 7 };
        if (cursor === 'k1') return { list: [comment({ id: 110, text: '第二页' })], next_cursor: null, comment_count: 7 };
        return { list: [comment({ id: 100, reply_count: 5, replies: folded })], next_cursor: 'k1', comment_count: 7 };
      },
    });
    renderRemotePage(routes, 'circle-detail', { id: '10' }, context);
    expect((await screen.findByTestId('comments-heading')).textContent).toBe('评论（7）');
    expect(screen.getByTestId('post-text').textContent).toBe('今晚的比赛太精彩了');
    await waitFor(() => expect(threadIds()).toEqual(['100']));
    const thread = screen.getByTestId('comment-thread');
    const replies = () => within(thread).getByTestId('comment-replies').querySelectorAll('[data-testid="comment"]');
    expect(replies()).toHaveLength(3);
    expect(replies()[2]!.querySelector('[data-testid="comment-text"]')!.textContent).toBe('回复 @乙：<b>不加粗</b>');
    expect(thread.querySelector('b')).toBeNull();
    expect(context.callsTo(COMMUNITY_PATHS.comments)[0]?.params).toEqual({ post_id: 10, page_size: 10 });

    fireEvent.click(within(thread).getByTestId('comment-more-replies'));
    await waitFor(() => expect(replies()).toHaveLength(4));
    expect(context.callsTo(COMMUNITY_PATHS.comments).at(-1)?.params).toEqual({ post_id: 10, root_id: 100, page_size: 20 });
    fireEvent.click(within(thread).getByTestId('comment-more-replies'));
    await waitFor(() => expect(replies()).toHaveLength(5));
    expect(context.callsTo(COMMUNITY_PATHS.comments).at(-1)?.params).toEqual({ post_id: 10, root_id: 100, page_size: 20, cursor: 'r1' });
    expect(within(thread).queryByTestId('comment-more-replies')).toBeNull();

    fireEvent.click(screen.getByTestId('comments-more'));
    await waitFor(() => expect(threadIds()).toEqual(['100', '110']));
  });

  it('a member comments, replies to a comment, likes a comment and deletes their own: the count follows', async () => {
    let nextId = 300;
    const context = communityContext({
      [COMMUNITY_PATHS.info]: post({ id: 10, comment_count: 2 }),
      [COMMUNITY_PATHS.comments]: { list: [comment({ id: 100, reply_count: 1, replies: [reply({ id: 201, is_mine: true })] })], next_cursor: null, comment_count: 2 },
      [COMMUNITY_PATHS.comment]: (body: unknown) => {
        const { text, reply_to } = body as { text: string; reply_to?: number };
        nextId += 1;
        return reply_to === undefined
          ? comment({ id: nextId, text, is_mine: true, author: { id: 501, nickname: '球迷小王', avatar: '', level: 2 } })
          : { ...reply({ id: nextId, text, root_id: 100, reply_to: { comment_id: reply_to, nickname: '甲' }, is_mine: true }), reply_count: 0, replies: [] };
      },
      [COMMUNITY_PATHS.commentLike]: { comment_id: 100, liked: true, like_count: 3 },
      [COMMUNITY_PATHS.removeComment]: { id: 201, comment_count: 3 },
    });
    logIn(context);
    renderRemotePage(routes, 'circle-detail', { id: '10' }, context);
    await waitFor(() => expect(threadIds()).toEqual(['100']));

    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '新评论' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    await waitFor(() => expect(threadIds()).toEqual(['100', '301']));
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（3）');
    expect(screen.getByTestId('post-comment-count').textContent).toBe('3 评论');

    const thread = screen.getAllByTestId('comment-thread')[0]!;
    const top = within(thread).getAllByTestId('comment')[0]!;
    fireEvent.click(within(top).getByTestId('comment-reply'));
    fireEvent.change(within(thread).getByTestId('reply-input'), { target: { value: '回你' } });
    fireEvent.click(within(thread).getByTestId('reply-submit'));
    await waitFor(() => expect(within(thread).getAllByTestId('comment')).toHaveLength(3));
    expect(context.callsTo(COMMUNITY_PATHS.comment).at(-1)?.params).toEqual({ post_id: 10, text: '回你', reply_to: 100 });
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（4）');

    fireEvent.click(within(top).getByTestId('comment-like'));
    await waitFor(() => expect(within(top).getByTestId('comment-like-count').textContent).toBe('3 赞'));
    expect(context.callsTo(COMMUNITY_PATHS.commentLike)[0]?.params).toEqual({ comment_id: 100, like: 1 });
    expect(within(top).queryByTestId('comment-remove')).toBeNull();

    const mine = within(thread).getAllByTestId('comment').find((item) => item.getAttribute('data-comment-id') === '201')!;
    fireEvent.click(within(mine).getByTestId('comment-remove'));
    fireEvent.click(within(mine).getByTestId('comment-remove-confirm'));
    await waitFor(() => expect(within(thread).getAllByTestId('comment')).toHaveLength(2));
    // The server's count after the delete wins.
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（3）');
  });

  it('deleting an own top comment with replies leaves the placeholder; a refused comment says why', async () => {
    const context = communityContext({
      [COMMUNITY_PATHS.info]: post({ id: 10, comment_count: 2 }),
      [COMMUNITY_PATHS.comments]: { list: [comment({ id: 100, is_mine: true, reply_count: 1, replies: [reply({ id: 201 })] })], next_cursor: null, comment_count: 2 },
      [COMMUNITY_PATHS.removeComment]: { id: 100, comment_count: 1 },
      [COMMUNITY_PATHS.comment]: new ApiError(1, '评论太频繁，请稍后再试', null, 'COMMUNITY_COMMENTING_TOO_FAST'),
    });
    logIn(context);
    renderRemotePage(routes, 'circle-detail', { id: '10' }, context);
    await waitFor(() => expect(threadIds()).toEqual(['100']));
    const top = within(screen.getByTestId('comment-thread')).getAllByTestId('comment')[0]!;
    fireEvent.click(within(top).getByTestId('comment-remove'));
    fireEvent.click(within(top).getByTestId('comment-remove-confirm'));
    await waitFor(() => expect(screen.getByTestId('comments-heading').textContent).toBe('评论（1）'));
    const placeholder = within(screen.getByTestId('comment-thread')).getAllByTestId('comment')[0]!;
    expect(placeholder.getAttribute('data-removed')).toBe('true');
    expect(within(placeholder).getByTestId('comment-text').textContent).toBe('该评论已删除');

    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '再来' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('评论太频繁，请稍后再试');
  });

  it('a guest reads; commenting asks to log in; a hidden or deleted post says so; a bad id asks nothing', async () => {
    const context = communityContext({
      [COMMUNITY_PATHS.info]: post({ id: 10 }),
      [COMMUNITY_PATHS.comments]: { list: [], next_cursor: null, comment_count: 0 },
    });
    renderRemotePage(routes, 'circle-detail', { id: '10' }, context);
    expect((await screen.findByTestId('comments-empty')).textContent).toBe('还没有评论，来说两句吧');
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '游客' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(context.events.some((event) => event.type === 'login:open')).toBe(true);
    expect(context.callsTo(COMMUNITY_PATHS.comment)).toEqual([]);
    cleanup();

    const gone = communityContext({ [COMMUNITY_PATHS.info]: new ApiError(1, '动态不存在', null, 'COMMUNITY_POST_NOT_FOUND') });
    renderRemotePage(routes, 'circle-detail', { id: '11' }, gone);
    expect(await screen.findByText('动态不存在或已删除')).toBeTruthy();
    cleanup();

    const bad = communityContext({});
    renderRemotePage(routes, 'circle-detail', { id: 'x' }, bad);
    expect((await screen.findByTestId('post-bad-id')).textContent).toBe('缺少动态编号');
    expect(bad.calls).toEqual([]);
  });
});

describe('#/circle-detail replies and reports', () => {
  it('a reply to a reply names that reply; 举报 on a comment files kind comment; a guest is asked to log in first', async () => {
    const context = communityContext({
      [COMMUNITY_PATHS.info]: post({ id: 10, comment_count: 2 }),
      [COMMUNITY_PATHS.comments]: { list: [comment({ id: 100, reply_count: 1, replies: [reply({ id: 201 })] })], next_cursor: null, comment_count: 2 },
      [COMMUNITY_PATHS.comment]: (body: unknown) => ({ ...reply({ id: 202, text: (body as { text: string }).text, reply_to: { comment_id: 201, nickname: '乙' }, is_mine: true }), reply_count: 0, replies: [] }),
      [COMMUNITY_PATHS.report]: { id: 5 },
    });
    renderRemotePage(routes, 'circle-detail', { id: '10' }, context);
    await waitFor(() => expect(threadIds()).toEqual(['100']));
    const replyRow = () => within(screen.getByTestId('comment-replies')).getAllByTestId('comment')[0]!;
    fireEvent.click(within(replyRow()).getByTestId('comment-report'));
    expect(context.events.some((event) => event.type === 'login:open')).toBe(true);
    expect(within(replyRow()).queryByTestId('comment-report-form')).toBeNull();

    // Logging in reads the post and its comments again (liked_by_me, is_mine are per reader).
    logIn(context);
    await waitFor(() => expect(context.callsTo(COMMUNITY_PATHS.comments)).toHaveLength(2));
    await screen.findByTestId('comment-replies');
    fireEvent.click(within(replyRow()).getByTestId('comment-report'));
    fireEvent.click(within(replyRow()).getByTestId('comment-report-submit'));
    expect((await within(replyRow()).findByRole('status')).textContent).toBe('已举报，感谢反馈');
    expect(context.callsTo(COMMUNITY_PATHS.report)[0]?.params).toEqual({ kind: 'comment', target_id: '201', reason: 'spam' });

    fireEvent.click(within(replyRow()).getByTestId('comment-reply'));
    expect(screen.getByLabelText('回复 乙 的内容')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reply-input'), { target: { value: '接着说' } });
    fireEvent.click(screen.getByTestId('reply-submit'));
    await waitFor(() => expect(within(screen.getByTestId('comment-replies')).getAllByTestId('comment')).toHaveLength(2));
    expect(context.callsTo(COMMUNITY_PATHS.comment)[0]?.params).toEqual({ post_id: 10, text: '接着说', reply_to: 201 });
    const added = within(screen.getByTestId('comment-replies')).getAllByTestId('comment')[1]!;
    expect(within(added).getByTestId('comment-text').textContent).toBe('回复 @乙：接着说');
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（3）');
  });
});

describe('#/comment', () => {
  it('is the full comment thread of a post (?id=) with a line of the post linking to it', async () => {
    const context = communityContext({
      [COMMUNITY_PATHS.info]: post({ id: 10, comment_count: 1 }),
      [COMMUNITY_PATHS.comments]: { list: [comment({ id: 100 })], next_cursor: null, comment_count: 1 },
    });
    renderRemotePage(routes, 'comment', { id: '10' }, context);
    const summary = await screen.findByTestId('comment-page-post');
    expect(summary.textContent).toContain('主播老李：今晚的比赛太精彩了');
    expect(within(summary).getByRole('link').getAttribute('href')).toBe('#/circle-detail?id=10');
    await waitFor(() => expect(threadIds()).toEqual(['100']));
    expect(screen.queryByTestId('post-card')).toBeNull();
  });
});

import './testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@sports/shared';
import { renderRemotePage } from '@sports/shared/testing';
import { HEADLINES_PATHS } from '../api/headlinesApi';
import { routes } from '../routes';
import { HEADLINE_COMMENT_PATHS } from './headlineCommentsApi';
import { NO_COMMENTS, headlineComment, headlineDetail, headlineReply, headlinesContext, logIn, reportClip } from './testing/headlinesFixtures';

describe('#/detail', () => {
  it('shows the article (title, author, time, cover, body, related matches, likes, comments) and records the read, showing its count', async () => {
    const context = headlinesContext({
      [HEADLINES_PATHS.detail]: headlineDetail({ id: 5 }),
      [HEADLINES_PATHS.read]: { id: 5, view_count: 13 },
      [HEADLINE_COMMENT_PATHS.comments]: NO_COMMENTS,
    });
    renderRemotePage(routes, 'detail', { id: '5' }, context);
    expect((await screen.findByTestId('headline-title')).textContent).toBe('英超第12轮：曼城 2-1 利物浦');
    expect(context.callsTo(HEADLINES_PATHS.detail)).toEqual([{ path: HEADLINES_PATHS.detail, params: { id: 5 } }]);
    expect(screen.getByText('作者：赛事快讯')).toBeTruthy();
    expect(screen.getByText('发布于 2026/11/22 19:30')).toBeTruthy();
    expect(screen.getByTestId('headline-cover').getAttribute('src')).toBe('/static/headline-covers/match-1.svg');
    await waitFor(() => expect(screen.getByTestId('headline-views').textContent).toBe('阅读 13'));
    expect(context.callsTo(HEADLINES_PATHS.read)).toEqual([{ path: HEADLINES_PATHS.read, params: { id: 5 } }]);

    const body = screen.getByTestId('headline-body');
    expect(body.querySelector('strong')?.textContent).toBe('0-1');
    expect(within(body).getByRole('heading', { name: '进球' })).toBeTruthy();
    expect(within(screen.getByTestId('headline-related')).getByRole('link', { name: '曼城 2-1 利物浦' }).getAttribute('href')).toBe('#/score-detail?id=77');
    expect(screen.getByTestId('headline-likes').textContent).toBe('3 赞');
    expect((await screen.findByTestId('comments-empty')).textContent).toBe('还没有评论，来说两句吧');
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（0）');
    expect(context.callsTo(HEADLINE_COMMENT_PATHS.comments)).toEqual([{ path: HEADLINE_COMMENT_PATHS.comments, params: { headline_id: 5, page_size: 10 } }]);
  });

  it("a match report shows its clips (本场回放): thumbnails and titles leading to each clip's page, titles as text, only playable ones", async () => {
    const context = headlinesContext({
      [HEADLINES_PATHS.detail]: headlineDetail({
        clips: [
          reportClip({ id: 31 }),
          reportClip({ id: 32, kind: 'red_card', title: '红牌！<img src=x onerror=alert(1)>', thumb_url: 'javascript:alert(1)' }),
          reportClip({ id: 33, status: 'cutting', video_url: null, thumb_url: null, title: '剪辑中' }),
        ],
      }),
      [HEADLINES_PATHS.read]: { id: 1, view_count: 1 },
      [HEADLINE_COMMENT_PATHS.comments]: NO_COMMENTS,
    });
    renderRemotePage(routes, 'detail', { id: '1' }, context);
    const list = await screen.findByTestId('headline-clips');
    expect(screen.getByRole('heading', { name: '本场回放' })).toBeTruthy();
    const links = within(list).getAllByTestId('headline-clip');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#/clip?id=31', '#/clip?id=32']);
    expect(within(list).getByRole('link', { name: "看回放：进球！曼城 1-0 利物浦 12'" }).querySelector('img')?.getAttribute('src')).toBe('/media/clips/31.jpg');
    // A title is text; a picture that is not a site path is not shown.
    expect(within(list).getByText('红牌！<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(links[1]?.querySelector('img')).toBeNull();
    expect(list.querySelectorAll('script, img[onerror]')).toHaveLength(0);
    expect(within(list).queryByText('剪辑中')).toBeNull();
  });

  it('an article without clips has no 本场回放 section', async () => {
    const context = headlinesContext({ [HEADLINES_PATHS.detail]: headlineDetail({ clips: [] }), [HEADLINES_PATHS.read]: { id: 1, view_count: 1 }, [HEADLINE_COMMENT_PATHS.comments]: NO_COMMENTS });
    renderRemotePage(routes, 'detail', { id: '1' }, context);
    await screen.findByTestId('headline-title');
    expect(screen.queryByTestId('headline-clips')).toBeNull();
    expect(screen.queryByRole('heading', { name: '本场回放' })).toBeNull();
  });

  it('only body_html is inserted as HTML: title, author and related team names stay text', async () => {
    const context = headlinesContext({
      [HEADLINES_PATHS.detail]: headlineDetail({
        title: '<img src=x onerror=alert(1)>',
        author: '<b>编辑</b>',
        related_matches: [{ id: 3, home: '<script>x</script>', away: 'B', score: null, start_time: '2026-11-23T12:00:00.000Z' }],
        cover: 'javascript:alert(1)',
      }),
      [HEADLINES_PATHS.read]: { id: 1, view_count: 1 },
      [HEADLINE_COMMENT_PATHS.comments]: NO_COMMENTS,
    });
    renderRemotePage(routes, 'detail', { id: '1' }, context);
    expect((await screen.findByTestId('headline-title')).textContent).toBe('<img src=x onerror=alert(1)>');
    const article = screen.getByTestId('headline-article');
    expect(article.querySelectorAll('script, b')).toHaveLength(0);
    expect(screen.getByText('作者：<b>编辑</b>')).toBeTruthy();
    expect(screen.queryByTestId('headline-cover')).toBeNull();
    expect(screen.getByRole('link', { name: '<script>x</script> vs B' })).toBeTruthy();
    expect(screen.getByText(/未开赛/)).toBeTruthy();
  });

  it('a guest who taps 点赞 is asked to log in through the host (toast + login modal) and nothing is sent', async () => {
    const context = headlinesContext({ [HEADLINES_PATHS.detail]: headlineDetail(), [HEADLINES_PATHS.read]: { id: 1, view_count: 13 }, [HEADLINE_COMMENT_PATHS.comments]: NO_COMMENTS });
    renderRemotePage(routes, 'detail', { id: '1' }, context);
    fireEvent.click(await screen.findByTestId('headline-like'));
    expect(context.events.map((event) => event.type)).toEqual(['toast', 'login:open']);
    expect(context.events[0]?.event).toMatchObject({ kind: 'warning', message: '请登录后操作' });
    expect(context.callsTo(HEADLINES_PATHS.like)).toEqual([]);
  });

  it('a member toggles the like; the count is the server\'s; a failure says so and keeps the state', async () => {
    let next: unknown = { id: 1, liked: true, like_count: 4 };
    const context = headlinesContext({
      [HEADLINES_PATHS.detail]: headlineDetail(),
      [HEADLINES_PATHS.read]: { id: 1, view_count: 13 },
      [HEADLINES_PATHS.like]: () => next,
      [HEADLINE_COMMENT_PATHS.comments]: NO_COMMENTS,
    });
    logIn(context);
    renderRemotePage(routes, 'detail', { id: '1' }, context);
    const like = await screen.findByTestId('headline-like');
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId('headline-likes').textContent).toBe('4 赞'));
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(like.textContent).toBe('已赞');
    expect(context.callsTo(HEADLINES_PATHS.like)).toEqual([{ path: HEADLINES_PATHS.like, params: { id: 1 } }]);

    next = new ApiError(1, '');
    fireEvent.click(like);
    expect((await screen.findByRole('alert')).textContent).toBe('点赞失败，请重试');
    expect(screen.getByTestId('headline-likes').textContent).toBe('4 赞');

    next = { id: 1, liked: false, like_count: 3 };
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId('headline-likes').textContent).toBe('3 赞'));
    expect(like.getAttribute('aria-pressed')).toBe('false');
  });

  it('an unknown or unpublished article offers 重试 and records no read', async () => {
    const context = headlinesContext({ [HEADLINES_PATHS.detail]: new ApiError(1, '文章不存在'), [HEADLINES_PATHS.read]: { id: 1, view_count: 1 } });
    renderRemotePage(routes, 'detail', { id: '404' }, context);
    expect((await screen.findByRole('alert')).textContent).toContain('文章加载失败');
    expect(context.callsTo(HEADLINES_PATHS.read)).toEqual([]);
  });

  it('a bad id asks nothing', async () => {
    for (const id of [undefined, '0', 'abc', '1e3']) {
      const context = headlinesContext({});
      const { unmount } = renderRemotePage(routes, 'detail', id === undefined ? {} : { id }, context);
      expect(await screen.findByTestId('detail-bad-id')).toBeTruthy();
      expect(context.calls).toEqual([]);
      unmount();
    }
  });
  it('comments: the list with folded replies; a member comments, replies, likes and deletes their own; the count follows the server', async () => {
    let nextId = 300;
    const context = headlinesContext({
      [HEADLINES_PATHS.detail]: headlineDetail({ id: 5, comment_count: 2 }),
      [HEADLINES_PATHS.read]: { id: 5, view_count: 13 },
      [HEADLINE_COMMENT_PATHS.comments]: {
        list: [headlineComment({ id: 100, headline_id: 5, reply_count: 1, replies: [headlineReply({ id: 201, headline_id: 5, is_mine: true, text: '<b>不加粗</b>' })] })],
        next_cursor: null,
        comment_count: 2,
      },
      [HEADLINE_COMMENT_PATHS.comment]: (body: unknown) => {
        const { text, reply_to } = body as { text: string; reply_to?: number };
        nextId += 1;
        return reply_to === undefined
          ? headlineComment({ id: nextId, headline_id: 5, text, is_mine: true, like_count: 0 })
          : headlineComment({ id: nextId, headline_id: 5, text, root_id: 100, reply_to: { comment_id: reply_to, nickname: '球迷老张' }, is_mine: true });
      },
      [HEADLINE_COMMENT_PATHS.commentLike]: { comment_id: 100, liked: true, like_count: 3 },
      [HEADLINE_COMMENT_PATHS.removeComment]: { id: 201, comment_count: 3 },
    });
    logIn(context);
    renderRemotePage(routes, 'detail', { id: '5' }, context);
    const thread = await screen.findByTestId('comment-thread');
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（2）');
    expect(within(thread).getAllByTestId('comment-text').map((text) => text.textContent)).toEqual(['好文章', '<b>不加粗</b>']);
    expect(thread.querySelectorAll('b')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '新评论' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    await waitFor(() => expect(screen.getAllByTestId('comment-thread')).toHaveLength(2));
    expect(context.callsTo(HEADLINE_COMMENT_PATHS.comment)[0]?.params).toEqual({ headline_id: 5, text: '新评论' });
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（3）');

    const top = within(thread).getAllByTestId('comment')[0]!;
    fireEvent.click(within(top).getByTestId('comment-reply'));
    fireEvent.change(within(thread).getByTestId('reply-input'), { target: { value: '回你' } });
    fireEvent.click(within(thread).getByTestId('reply-submit'));
    await waitFor(() => expect(within(thread).getAllByTestId('comment')).toHaveLength(3));
    expect(context.callsTo(HEADLINE_COMMENT_PATHS.comment).at(-1)?.params).toEqual({ headline_id: 5, text: '回你', reply_to: 100 });
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（4）');

    fireEvent.click(within(top).getByTestId('comment-like'));
    await waitFor(() => expect(within(top).getByTestId('comment-like-count').textContent).toBe('3 赞'));
    expect(context.callsTo(HEADLINE_COMMENT_PATHS.commentLike)[0]?.params).toEqual({ comment_id: 100, like: 1 });

    const mine = within(thread).getAllByTestId('comment').find((item) => item.getAttribute('data-comment-id') === '201')!;
    fireEvent.click(within(mine).getByTestId('comment-remove'));
    fireEvent.click(within(mine).getByTestId('comment-remove-confirm'));
    await waitFor(() => expect(within(thread).getAllByTestId('comment')).toHaveLength(2));
    expect(context.callsTo(HEADLINE_COMMENT_PATHS.removeComment)[0]?.params).toEqual({ comment_id: 201 });
    expect(screen.getByTestId('comments-heading').textContent).toBe('评论（3）');
  });

  it('reports: a member reports the article and a comment (kind headline / comment); a guest is asked to log in and nothing is sent', async () => {
    const answers = {
      [HEADLINES_PATHS.detail]: headlineDetail({ id: 5 }),
      [HEADLINES_PATHS.read]: { id: 5, view_count: 13 },
      [HEADLINE_COMMENT_PATHS.comments]: { list: [headlineComment({ id: 100, headline_id: 5 })], next_cursor: null, comment_count: 1 },
      'api/moderation/report': { id: 1 },
    };
    const guest = headlinesContext(answers);
    const { unmount } = renderRemotePage(routes, 'detail', { id: '5' }, guest);
    fireEvent.click(await screen.findByTestId('headline-report'));
    await screen.findByTestId('comment-thread');
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '游客' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(guest.events.map((event) => event.type)).toEqual(['toast', 'login:open', 'toast', 'login:open']);
    expect(guest.callsTo('api/moderation/report')).toEqual([]);
    expect(guest.callsTo(HEADLINE_COMMENT_PATHS.comment)).toEqual([]);
    unmount();

    const member = headlinesContext(answers);
    logIn(member);
    renderRemotePage(routes, 'detail', { id: '5' }, member);
    fireEvent.click(await screen.findByTestId('headline-report'));
    fireEvent.change(within(screen.getByTestId('headline-report-form')).getByRole('combobox'), { target: { value: 'porn' } });
    fireEvent.click(screen.getByTestId('headline-report-submit'));
    await waitFor(() => expect(member.callsTo('api/moderation/report')).toEqual([{ path: 'api/moderation/report', params: { kind: 'headline', target_id: '5', reason: 'porn' } }]));
    await screen.findByTestId('comment-thread');
    fireEvent.click(screen.getByTestId('comment-report'));
    fireEvent.click(screen.getByTestId('comment-report-submit'));
    await waitFor(() => expect(member.callsTo('api/moderation/report').at(-1)?.params).toEqual({ kind: 'comment', target_id: '100', reason: 'spam' }));
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRemotePage } from '@sports/shared/testing';
import { ApiError } from '@sports/shared';
import { COMMUNITY_PATHS } from '../api/communityApi';
import { routes } from '../routes';
import { communityContext, logIn, post } from './testing/communityFixtures';

const TOPICS = [
  { id: 1, name: '足球' },
  { id: 2, name: '篮球' },
];

function ids(): string[] {
  return screen.getAllByTestId('post-card').map((card) => card.getAttribute('data-post-id') ?? '');
}

describe('#/circle', () => {
  it('lists the feed newest first with author, level, text as text, images, topic and links; pages by cursor; views and topics ask again', async () => {
    const hostile = '<img src=x onerror="alert(1)"> **不是HTML**';
    const context = communityContext({
      [COMMUNITY_PATHS.topics]: TOPICS,
      [COMMUNITY_PATHS.feed]: (params: unknown) => {
        const { view, topic_id, cursor } = params as { view: string; topic_id?: number; cursor?: string };
        if (view === 'hot') return { list: [post({ id: 7 })], next_cursor: null };
        if (topic_id === 2) return { list: [post({ id: 5, topic: TOPICS[1]! })], next_cursor: null };
        if (cursor === 'c1') return { list: [post({ id: 8 })], next_cursor: null };
        return {
          list: [
            post({
              id: 9,
              text: hostile,
              images: ['/uploads/one.png', '/uploads/two.png', 'javascript:alert(1)'],
              topic: TOPICS[0]!,
              match: { id: 3001, home_team: '皇马', away_team: '巴萨', home_score: 2, away_score: 1, kickoff_at: '2026-11-24T20:00:00.000Z' },
              like_count: 4,
              comment_count: 2,
            }),
          ],
          next_cursor: 'c1',
        };
      },
    });
    const { container } = renderRemotePage(routes, 'circle', {}, context);
    await waitFor(() => expect(ids()).toEqual(['9']));
    const card = screen.getByTestId('post-card');
    expect(within(card).getByTestId('post-text').textContent).toBe(hostile);
    expect(container.querySelector('img[onerror]')).toBeNull();
    expect(within(card).getByTestId('post-author').getAttribute('href')).toBe('#/about-user?id=700');
    expect(within(card).getByTestId('post-level').textContent).toBe('Lv.7');
    expect(within(within(card).getByTestId('post-images')).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/uploads/one.png', '/uploads/two.png']);
    expect(within(card).getByTestId('post-topic').textContent).toBe('#足球#');
    expect(within(card).getByTestId('post-match').getAttribute('href')).toBe('#/score-detail?id=3001');
    expect(within(card).getByTestId('post-like-count').textContent).toBe('4 赞');
    expect(within(card).getByTestId('post-comment-count').getAttribute('href')).toBe('#/circle-detail?id=9');
    expect(context.callsTo(COMMUNITY_PATHS.feed)[0]?.params).toEqual({ view: 'latest', page_size: 10 });

    fireEvent.click(screen.getByTestId('circle-feed-more'));
    await waitFor(() => expect(ids()).toEqual(['9', '8']));
    expect(context.callsTo(COMMUNITY_PATHS.feed).at(-1)?.params).toEqual({ view: 'latest', page_size: 10, cursor: 'c1' });
    expect(screen.queryByTestId('circle-feed-more')).toBeNull();

    fireEvent.click(await screen.findByTestId('circle-topic-2'));
    await waitFor(() => expect(ids()).toEqual(['5']));
    expect(context.callsTo(COMMUNITY_PATHS.feed).at(-1)?.params).toEqual({ view: 'latest', page_size: 10, topic_id: 2 });

    fireEvent.click(screen.getByTestId('circle-view-hot'));
    await waitFor(() => expect(ids()).toEqual(['7']));
    expect(context.callsTo(COMMUNITY_PATHS.feed).at(-1)?.params).toEqual({ view: 'hot', page_size: 10, topic_id: 2 });
  });

  it('a guest: no composer (a login button opens the modal), 关注 asks to log in without calling, a like asks to log in', async () => {
    const context = communityContext({ [COMMUNITY_PATHS.topics]: TOPICS, [COMMUNITY_PATHS.feed]: { list: [post()], next_cursor: null } });
    renderRemotePage(routes, 'circle', {}, context);
    await screen.findByTestId('post-card');
    expect(screen.queryByTestId('composer')).toBeNull();
    fireEvent.click(screen.getByTestId('circle-login'));
    expect(context.events.some((event) => event.type === 'login:open')).toBe(true);
    fireEvent.click(screen.getByTestId('post-like'));
    expect(context.callsTo(COMMUNITY_PATHS.like)).toEqual([]);
    fireEvent.click(screen.getByTestId('circle-view-following'));
    expect(await screen.findByTestId('circle-following-login')).toBeTruthy();
    expect(context.callsTo(COMMUNITY_PATHS.feed).map((call) => (call.params as { view: string }).view)).toEqual(['latest']);
  });

  it('a member posts text with two uploaded images (one removed, one added), a topic and a room; the post leads 最新', async () => {
    let upload = 0;
    const context = communityContext({
      [COMMUNITY_PATHS.topics]: TOPICS,
      [COMMUNITY_PATHS.feed]: { list: [post({ id: 3 })], next_cursor: null },
      [COMMUNITY_PATHS.uploadToken]: { token: 't', uploadUrl: '/api/upload', expiresAt: '', maxBytes: 2 * 1024 * 1024, allowedTypes: ['image/png'] },
      'api/upload': () => ({ url: `/uploads/p${(upload += 1)}.png` }),
      [COMMUNITY_PATHS.insert]: (body: unknown) => post({ id: 11, text: (body as { text: string }).text, images: (body as { images: string[] }).images, is_mine: true }),
    });
    logIn(context);
    renderRemotePage(routes, 'circle', {}, context);
    await screen.findByTestId('post-card');
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    fireEvent.change(screen.getByTestId('composer-images'), { target: { files: [png('a.png'), png('b.png'), png('c.png')] } });
    await waitFor(() => expect(within(screen.getByTestId('composer-previews')).getAllByRole('img')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '移除第 2 张图片' }));
    expect(within(screen.getByTestId('composer-previews')).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/uploads/p1.png', '/uploads/p3.png']);

    fireEvent.change(screen.getByTestId('composer-images'), { target: { files: [new File(['x'], 'x.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('仅支持 PNG、JPEG、WebP、GIF 图片');

    fireEvent.change(screen.getByTestId('composer-text'), { target: { value: '  两张图  ' } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('7/2000');
    await waitFor(() => expect(within(screen.getByTestId('composer-topic')).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(screen.getByTestId('composer-topic'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('composer-link-kind'), { target: { value: 'room' } });
    fireEvent.change(screen.getByTestId('composer-link-id'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('composer-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入正确的编号');
    fireEvent.change(screen.getByTestId('composer-link-id'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(ids()).toEqual(['11', '3']));
    expect(context.callsTo(COMMUNITY_PATHS.insert)[0]?.params).toEqual({ text: '两张图', images: ['/uploads/p1.png', '/uploads/p3.png'], topic_id: 1, room_id: 42 });
    expect((screen.getByTestId('composer-text') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByTestId('composer-previews')).toBeNull();
  });

  it('an empty post is not sent; the server refusal (a blocked word) is said', async () => {
    const context = communityContext({
      [COMMUNITY_PATHS.topics]: [],
      [COMMUNITY_PATHS.feed]: { list: [], next_cursor: null },
      [COMMUNITY_PATHS.insert]: new ApiError(1, '内容包含敏感词，请修改后再发布', null, 'COMMUNITY_TEXT_REFUSED'),
    });
    logIn(context);
    renderRemotePage(routes, 'circle', {}, context);
    expect((await screen.findByTestId('circle-feed-empty')).textContent).toBe('还没有动态');
    fireEvent.click(screen.getByTestId('composer-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入内容或添加图片');
    fireEvent.change(screen.getByTestId('composer-text'), { target: { value: '坏词' } });
    fireEvent.click(screen.getByTestId('composer-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('内容包含敏感词，请修改后再发布');
    expect((screen.getByTestId('composer-text') as HTMLTextAreaElement).value).toBe('坏词');
  });

  it('like toggles with the server count; 举报 sends a reason; 删除 (own) asks first and removes the card', async () => {
    const context = communityContext({
      [COMMUNITY_PATHS.topics]: [],
      [COMMUNITY_PATHS.feed]: { list: [post({ id: 9, is_mine: true, like_count: 1 }), post({ id: 8 })], next_cursor: null },
      [COMMUNITY_PATHS.like]: (body: unknown) => ({ post_id: 9, liked: (body as { like: number }).like === 1, like_count: (body as { like: number }).like === 1 ? 5 : 4 }),
      [COMMUNITY_PATHS.report]: { id: 1 },
      [COMMUNITY_PATHS.remove]: { id: 9 },
    });
    logIn(context);
    renderRemotePage(routes, 'circle', {}, context);
    await waitFor(() => expect(ids()).toEqual(['9', '8']));
    const mine = screen.getAllByTestId('post-card')[0]!;
    fireEvent.click(within(mine).getByTestId('post-like'));
    await waitFor(() => expect(within(mine).getByTestId('post-like-count').textContent).toBe('5 赞'));
    expect(within(mine).getByTestId('post-like').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(mine).getByTestId('post-like'));
    await waitFor(() => expect(within(mine).getByTestId('post-like-count').textContent).toBe('4 赞'));
    expect(context.callsTo(COMMUNITY_PATHS.like).map((call) => call.params)).toEqual([
      { post_id: 9, like: 1 },
      { post_id: 9, like: 0 },
    ]);

    const other = screen.getAllByTestId('post-card')[1]!;
    expect(within(other).queryByTestId('post-remove')).toBeNull();
    fireEvent.click(within(other).getByTestId('post-report'));
    fireEvent.change(within(other).getByLabelText('举报原因'), { target: { value: 'abuse' } });
    fireEvent.click(within(other).getByTestId('post-report-submit'));
    expect((await within(other).findByRole('status')).textContent).toBe('已举报，感谢反馈');
    expect(context.callsTo(COMMUNITY_PATHS.report)[0]?.params).toEqual({ kind: 'post', target_id: '8', reason: 'abuse' });

    fireEvent.click(within(mine).getByTestId('post-remove'));
    expect(context.callsTo(COMMUNITY_PATHS.remove)).toEqual([]);
    fireEvent.click(within(mine).getByTestId('post-remove-confirm'));
    await waitFor(() => expect(ids()).toEqual(['8']));
    expect(context.callsTo(COMMUNITY_PATHS.remove)[0]?.params).toEqual({ post_id: 9 });
  });
});

describe('#/circle from the address', () => {
  it('?view=hot&topic_id=2 opens that view and topic', async () => {
    const context = communityContext({ [COMMUNITY_PATHS.topics]: TOPICS, [COMMUNITY_PATHS.feed]: { list: [post({ id: 4 })], next_cursor: null } });
    renderRemotePage(routes, 'circle', { view: 'hot', topic_id: '2' }, context);
    await waitFor(() => expect(ids()).toEqual(['4']));
    expect(context.callsTo(COMMUNITY_PATHS.feed).map((call) => call.params)).toEqual([{ view: 'hot', page_size: 10, topic_id: 2 }]);
    expect((await screen.findByTestId('circle-topic-2')).getAttribute('aria-pressed')).toBe('true');
  });
});

import '../testing/setup';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, RemoteRoot, type ChatClipCard, type ChatGroupMessage } from '@sports/shared';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { MessageList } from './MessageList';
import { useHeldClipCards } from './useHeldClipCards';

function clipLine(id: string, clip: Partial<ChatClipCard> = {}): ChatGroupMessage {
  return {
    id,
    seq: 1,
    groupId: 'g1',
    kind: 'text',
    text: '进球回放',
    from: { userId: 'system', nickname: '系统', avatar: '', role: 'system' },
    cloudCustomData: {
      type: 0,
      clip: { clipId: 7, kind: 'goal', title: "进球！曼城 2-1 阿森纳 67'", videoUrl: '/media/clips/7.mp4', thumbUrl: '/media/clips/7.jpg', durationMs: 30_000, matchId: 900, happenedAt: 0, ...clip },
    },
    sentAt: 0,
  };
}

function textLine(id: string): ChatGroupMessage {
  return { id, seq: 2, groupId: 'g1', kind: 'text', text: '好球', from: { userId: '42', nickname: '球迷', avatar: '', role: 'member' }, cloudCustomData: { type: 0 }, sentAt: 0 };
}

describe('the chat clip card', () => {
  it('shows 进球回放 with thumbnail and title as one named button; pressing it plays in place, 收起 gives focus back', () => {
    renderInRemote(liveContext({}), <MessageList label="聊天" messages={[clipLine('c1')]} myChatId={null} />);
    const card = screen.getByRole('button', { name: "进球回放：进球！曼城 2-1 阿森纳 67'，点击播放" });
    expect(card.getAttribute('aria-expanded')).toBe('false');
    expect(card.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.queryByTestId('clip-player')).toBeNull();
    card.focus();
    fireEvent.click(card);
    const video = screen.getByTestId('clip-player');
    expect(video.getAttribute('src')).toBe('/media/clips/7.mp4');
    expect(video.getAttribute('poster')).toBe('/media/clips/7.jpg');
    expect(screen.getByRole('link', { name: '进球回放' }).getAttribute('href')).toBe('#/clip?id=7');
    const close = screen.getByRole('button', { name: '收起回放' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(close);
    expect(screen.queryByTestId('clip-player')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /进球回放：/ }));
  });

  it('names the card by kind: 红牌回放, 点球回放, 精彩回放', () => {
    renderInRemote(
      liveContext({}),
      <MessageList label="聊天" messages={[clipLine('a', { kind: 'red_card', clipId: 1 }), clipLine('b', { kind: 'penalty', clipId: 2 }), clipLine('c', { kind: 'person', clipId: 3 })]} myChatId={null} />,
    );
    const names = screen.getAllByTestId('clip-card').map((card) => within(card).getByRole('button').getAttribute('aria-label'));
    expect(names.map((name) => name?.split('：')[0])).toEqual(['红牌回放', '点球回放', '精彩回放']);
  });

  it('plays only paths on this site', () => {
    renderInRemote(liveContext({}), <MessageList label="聊天" messages={[clipLine('x', { videoUrl: 'javascript:alert(1)', thumbUrl: '//evil.example/x.jpg' })]} myChatId={null} />);
    const card = screen.getByRole('button', { name: /进球回放/ }) as HTMLButtonElement;
    expect(card.disabled).toBe(true);
    expect(card.querySelector('img')).toBeNull();
  });

  it('a clip deleted while it plays in the chat says 该回放已删除', async () => {
    const check = vi.fn(async () => 'gone' as const);
    renderInRemote(liveContext({}), <MessageList label="聊天" messages={[clipLine('c1')]} myChatId={null} checkClip={check} />);
    fireEvent.click(screen.getByRole('button', { name: /进球回放/ }));
    fireEvent.error(screen.getByTestId('clip-player'));
    expect((await screen.findByTestId('clip-deleted')).textContent).toBe('该回放已删除');
    expect(check).toHaveBeenCalledWith(7);
  });
});

function Held({ messages, bus }: { messages: ChatGroupMessage[]; bus: ReturnType<typeof createEventBus> }) {
  const shown = useHeldClipCards(messages, bus);
  return <MessageList label="聊天" messages={shown} myChatId={null} />;
}

/** Renders the held list in a remote's root; `show` puts new lines in (the root kept). */
function renderHeld(bus: ReturnType<typeof createEventBus>, first: ChatGroupMessage[]) {
  const context = liveContext({});
  const view = renderInRemote(context, <Held messages={first} bus={bus} />);
  return (messages: ChatGroupMessage[]) => view.rerender(<RemoteRoot context={context}><Held messages={messages} bus={bus} /></RemoteRoot>);
}

describe('spoiler-free clip cards (useHeldClipCards)', () => {
  afterEach(() => vi.useRealTimers());

  it('holds a card of the match the player is 8 s behind on until the picture reaches it; other lines pass at once', () => {
    vi.useFakeTimers();
    const bus = createEventBus();
    const show = renderHeld(bus, [textLine('t1')]);
    act(() => bus.emit('player:delay', { roomId: 1, matchId: 900, delayMs: 8_000 }));
    show([textLine('t1'), clipLine('c1'), clipLine('c2', { clipId: 8, matchId: 901 })]);
    // The card of another match (no player on it) shows at once; the player's match's waits.
    expect(screen.getAllByTestId('clip-card').map((card) => card.getAttribute('data-clip-id'))).toEqual(['8']);
    act(() => {
      vi.advanceTimersByTime(4_000);
      bus.emit('player:delay', { roomId: 1, matchId: 900, delayMs: 8_000 });
      vi.advanceTimersByTime(3_900);
    });
    expect(screen.getAllByTestId('clip-card')).toHaveLength(1);
    act(() => {
      bus.emit('player:delay', { roomId: 1, matchId: 900, delayMs: 8_000 });
      vi.advanceTimersByTime(200);
    });
    expect(screen.getAllByTestId('clip-card').map((card) => card.getAttribute('data-clip-id'))).toEqual(['7', '8']);
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
  });

  it('releases at once when the player stops', () => {
    vi.useFakeTimers();
    const bus = createEventBus();
    const show = renderHeld(bus, []);
    act(() => bus.emit('player:delay', { roomId: 1, matchId: 900, delayMs: 30_000 }));
    show([clipLine('c1')]);
    expect(screen.queryByTestId('clip-card')).toBeNull();
    act(() => bus.emit('player:stopped', { roomId: 1, matchId: 900 }));
    expect(screen.getByTestId('clip-card')).toBeTruthy();
  });
});

import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { chatConnectionAtom, chatRoomStatusAtom, messageListAtom, onLineAtom, systemNoticeListAtom, Tabs, Button, zhuboMessageListAtom, zhushouMessageListAtom, type ChatGroupMessage, type PlatformEventBus } from '@sports/shared';
import { chatCopy, commonCopy } from '../messages';
import { ChatComposer } from './ChatComposer';
import { MessageList, type MessageListProps } from './MessageList';
import type { ChatMute } from './useChatMute';
import type { RoomChat } from './useRoomChat';
import { useHeldClipCards } from './useHeldClipCards';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};

  header {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
    padding: 8px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.title};
  }
`;

const Note = styled.p`
  margin: 0;
  padding: 6px 12px;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-tone='warning'] {
    color: ${({ theme }) => theme.colors.warning};
  }
`;

type Channel = 'all' | 'anchor' | 'assistant';

export interface ChatPanelProps {
  chat: RoomChat;
  /** Shown until the chat has counted the group itself: the room's count (already + 50). */
  fallbackOnline: number;
  onMute?: (message: ChatGroupMessage) => void;
  /** Set for signed-in viewers: 举报 beside others' lines (ReportMenu.tsx). */
  onReport?: MessageListProps['onReport'];
  /** The viewer's own mute in this room (useChatMute): the message box says so and cannot send. */
  mute?: ChatMute;
  /** Shown above the assistant channel's messages: the match commentary in a room showing a match. */
  assistantExtra?: ReactNode;
  /** Set for a guest: chatting opens the login modal (ChatComposer), the note offers it too. */
  loginToChat?: () => void;
  /**
   * The room's clip cards (进球回放): `eventBus` holds a card of a match the player is delayed on
   * (spoiler-free, useHeldClipCards), `check` tells a deleted clip from a failed one.
   */
  clips?: { eventBus: PlatformEventBus; check: (clipId: number) => Promise<'there' | 'gone' | 'unknown'> };
}

/**
 * The room's chat: online count, the viewer's own name, all / anchor / assistant channels
 * (SPEC zhubo_messagelist and zhushou_messagelist), system notices, and the message box.
 */
export function ChatPanel({ chat, fallbackOnline, onMute, onReport, mute, assistantExtra, loginToChat, clips }: ChatPanelProps) {
  const [channel, setChannel] = useState<Channel>('all');
  const all = useAtomValue(messageListAtom);
  const anchor = useAtomValue(zhuboMessageListAtom);
  const assistant = useAtomValue(zhushouMessageListAtom);
  const online = useAtomValue(onLineAtom);
  const notices = useAtomValue(systemNoticeListAtom);
  const status = useAtomValue(chatRoomStatusAtom);
  const connection = useAtomValue(chatConnectionAtom);
  const channelItems = [
    { key: 'all' as const, label: chatCopy.allChannel },
    { key: 'anchor' as const, label: chatCopy.anchorChannel },
    { key: 'assistant' as const, label: chatCopy.assistantChannel },
  ];
  const messages = useHeldClipCards(channel === 'anchor' ? anchor : channel === 'assistant' ? assistant : all, clips?.eventBus);
  const channelLabel = channelItems.find((item) => item.key === channel)?.label ?? '';

  return (
    <Panel aria-label={chatCopy.panel}>
      <header>
        <h2>{chatCopy.panel}</h2>
        <span data-testid="online-count" aria-label={chatCopy.onlineLabel}>
          {chatCopy.online(online ?? fallbackOnline)}
        </span>
      </header>
      {chat.guest
        ? chat.myName && (
            <Note data-testid="my-chat-name">
              {chatCopy.guestNote}
              {loginToChat && (
                <>
                  {' '}
                  <Button type="button" onClick={loginToChat}>
                    {chatCopy.guestLogin}
                  </Button>
                </>
              )}
            </Note>
          )
        : chat.myName && <Note data-testid="my-chat-name">{chatCopy.youAre(chat.myName)}</Note>}
      {(status === 'logging-in' || status === 'joining') && <Note role="status">{chatCopy.connecting}</Note>}
      {(status === 'login-failed' || status === 'join-failed') && <Note data-tone="warning" role="alert">{chatCopy.chatFailed}</Note>}
      {connection === 'reconnecting' && <Note data-tone="warning" role="status">{chatCopy.reconnecting}</Note>}
      {notices.length > 0 && (
        <Note data-tone="warning" role="status" aria-label={chatCopy.systemNotices}>
          {notices.map((notice) => notice.text).join(' ')}{' '}
          <Button type="button" onClick={chat.dismissNotices}>
            {commonCopy.dismiss}
          </Button>
        </Note>
      )}
      <Tabs label={chatCopy.channels} items={channelItems} selected={channel} onSelect={setChannel}>
        {channel === 'assistant' && assistantExtra}
        <MessageList label={chatCopy.log(channelLabel)} messages={messages} myChatId={chat.myChatId} onMute={onMute} onReport={onReport} checkClip={clips?.check} />
      </Tabs>
      <ChatComposer send={chat.send} mute={mute} loginToChat={chat.guest ? loginToChat : undefined} />
    </Panel>
  );
}

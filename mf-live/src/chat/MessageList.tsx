import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button, type ChatGroupMessage, type ReportReason } from '@sports/shared';
import { FanMedalBadge } from '@sports/shared/fanMedals';
import { chatCopy, giftCopy } from '../messages';
import { giftOf, safeGiftIcon } from '../gifts/giftMessage';
import { LevelBadge, senderLevel } from '../ui/LevelBadge';
import { GuardBadge, senderGuard } from '../guards/GuardBadge';
import { guardEntryOf } from '../guards/guardEntry';
import { senderMedal } from '../medals/senderMedal';
import { ReportMenu, reportable } from './ReportMenu';
import { ClipChatCard, clipOf } from './ClipChatCard';

/** The scrolling live region; the lines are a plain list inside it (a role on the <ol> would take its list semantics away from the <li>s). */
const Log = styled.div`
  flex: 1;
  min-height: 240px;
  max-height: 420px;
  padding: 8px;
  overflow-y: auto;
  overflow-wrap: anywhere;
`;

const Lines = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    position: relative; /* the line's 举报 popover opens under it (ReportMenu) */
    padding: 3px 0;
  }
  li[data-mine='true'] .nickname {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const Nickname = styled.span`
  margin-right: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-role='anchor'] {
    color: ${({ theme }) => theme.colors.brand};
    font-weight: bold;
  }
`;

const MuteButton = styled(Button)`
  margin-left: 6px;
  padding: 0 6px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const GiftLine = styled.li`
  display: flex;
  align-items: center;
  gap: 4px;
  color: ${({ theme }) => theme.colors.brandDark};

  img {
    width: 20px;
    height: 20px;
  }
  .count {
    font-weight: bold;
  }
`;

/** A guard joined the room (the server's system line `<tier>·<nickname> 进入直播间`). */
const GuardEntryLine = styled.li`
  color: ${({ theme }) => theme.colors.brandDark};
  font-weight: bold;
`;

const Empty = styled.li`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface MessageListProps {
  label: string;
  messages: readonly ChatGroupMessage[];
  myChatId: string | null;
  /** Set for the room's owner and admins: a mute button beside members' messages. */
  onMute?: (message: ChatGroupMessage) => void;
  /** Set for signed-in viewers: 举报 beside other members' lines (api/moderation/report). */
  onReport?: (message: ChatGroupMessage, reason: ReportReason) => Promise<void>;
  /** Asked when a clip card's video fails: is the clip still there (ClipChatCard)? */
  checkClip?: (clipId: number) => Promise<'there' | 'gone' | 'unknown'>;
}

/** Within this many pixels of the bottom, a new message scrolls the log down; further up, the reader is left alone. */
const STICK_THRESHOLD_PX = 48;

/** Keeps the newest message in view unless the user has scrolled up to read older ones. */
function useStickToBottom(lastMessageId: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const log = ref.current;
    if (!log) return;
    // Reading scrollHeight lays the page out there and then: an empty log has nothing to scroll
    // to, so a room's first render (no messages yet) does not pay a forced layout of the page
    // (issue 17: 65 ms of a phone's first load at 4x CPU).
    if (atBottom.current && lastMessageId !== undefined) log.scrollTop = log.scrollHeight;
    const onScroll = () => {
      atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight <= STICK_THRESHOLD_PX;
    };
    log.addEventListener('scroll', onScroll);
    return () => log.removeEventListener('scroll', onScroll);
  }, [lastMessageId]);
  return ref;
}

/** Members have numeric user ids; guests cannot be muted by id (they have no account). */
function mutable(message: ChatGroupMessage, myChatId: string | null): boolean {
  return (message.from.role === 'member' || message.from.role === 'guest') && message.from.userId !== myChatId && /^[1-9][0-9]*$/.test(message.from.userId);
}

/**
 * A channel's messages as a live log. Every text is a React text node: whatever a sender typed
 * (markup included) shows as typed and is never parsed as HTML.
 */
export function MessageList({ label, messages, myChatId, onMute, onReport, checkClip }: MessageListProps) {
  const logRef = useStickToBottom(messages.at(-1)?.id);
  return (
    <Log ref={logRef} role="log" aria-label={label} aria-live="polite" data-testid="chat-messages">
      <Lines>
        {messages.length === 0 && <Empty>{chatCopy.noMessages}</Empty>}
        {messages.map((message) => {
          const clip = clipOf(message);
          if (clip) return <ClipChatCard key={message.id} message={message} clip={clip} check={checkClip} />;
          const gift = giftOf(message);
          if (gift) {
            const icon = safeGiftIcon(gift.icon);
            return (
              <GiftLine key={message.id} data-testid="gift-line" data-kind="gift" data-gift-id={gift.giftId}>
                {icon && <img src={icon} alt="" />}
                <span>{giftCopy.line(gift.senderNickname, gift.name)}</span>
                <span className="count">{giftCopy.count(gift.count)}</span>
              </GiftLine>
            );
          }
          const entry = guardEntryOf(message);
          if (entry) {
            return (
              <GuardEntryLine key={message.id} data-testid="guard-entry-line">
                {message.text}
              </GuardEntryLine>
            );
          }
          const level = senderLevel(message.from);
          const guard = senderGuard(message.from);
          const medal = senderMedal(message.from);
          return (
            <li key={message.id} data-testid="chat-message" data-mine={message.from.userId === myChatId} data-kind={message.kind}>
              {medal !== null && <FanMedalBadge name={medal.name} level={medal.level} lit={medal.lit} />}
              {level !== null && <LevelBadge level={level} />}
              {guard !== null && <GuardBadge level={guard} />}
              <Nickname className="nickname" data-role={message.from.role}>
                {message.from.nickname}:
              </Nickname>
              <span>{message.text}</span>
              {onMute && mutable(message, myChatId) && (
                <MuteButton size="small" onClick={() => onMute(message)}>
                  {chatCopy.mute(message.from.nickname)}
                </MuteButton>
              )}
              {onReport && reportable(message, myChatId) && <ReportMenu message={message} onReport={onReport} />}
            </li>
          );
        })}
      </Lines>
    </Log>
  );
}

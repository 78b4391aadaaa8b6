import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { liveApi } from '../api/liveApi';
import { LoadView, PagePanel, RemotePageFrame, requireLogin, useLoad, userInfoAtom, type ChatGroupMessage, type ChatRoomState, type LiveRoomInfo, type RemoteContext, type ReportReason, type RoomStreamState } from '@sports/shared';
import { ChatPanel } from '../chat/ChatPanel';
import { reportCopy } from '../chat/ReportMenu';
import { useChatMute } from '../chat/useChatMute';
import { useRoomChat } from '../chat/useRoomChat';
import { DanmakuOverlay } from '../danmaku/DanmakuOverlay';
import { DanmakuSettings } from '../danmaku/DanmakuSettings';
import { useDanmakuSetting } from '../danmaku/useDanmakuSetting';
import { BarragePanel } from '../barrage/BarragePanel';
import { GiftLayer } from '../gifts/GiftLayer';
import { GiftPanel } from '../gifts/GiftPanel';
import { GiftRankBoard } from '../gifts/GiftRankBoard';
import { GuardPanel } from '../guards/GuardPanel';
import { RoomGuardList } from '../guards/RoomGuardList';
import { useRoomGuards } from '../guards/useRoomGuards';
import { HornBanner } from '../horns/HornBanner';
import { HornComposer } from '../horns/HornComposer';
import { useWatchHeartbeat } from '../hooks/useWatchHeartbeat';
import { chatCopy, pageCopy, roomCopy } from '../messages';
import { LivePlayer } from '../player/LivePlayer';
import { roomDependencies } from '../roomDependencies';
import { CommentaryList } from '../commentary/CommentaryList';
import { ScoreBar, ScoreBarPlaceholder } from '../scoreBar/ScoreBar';
import { useRoomMatchState } from '../scoreBar/useRoomMatch';
import { safeImage, shownViewers } from '../ui/RoomCard';
import { ActivityBanner } from './ActivityBanner';
import { FollowButton } from './FollowButton';
import { LazyOwnerPanel } from './LazyOwnerPanel';
import { ScheduleList } from './RoomSchedules';
import { useRoomInfo } from './useRoomInfo';

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

/** Below the player: danmaku, gifts, horns, guards, the owner's console, placard and schedules. */
const BelowPlayer = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

/** The column beside the player: chat, the contribution board, then the activity banner. */
const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

const ChatSlot = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

/**
 * Desktop: the player's column and the chat's column. Mobile layout (992 px): one column. Phone
 * (500 px, the /h5 site): the player across the screen with the chat right below it, taking the
 * rest of the screen, then gifts and the rest of the room (the two columns' boxes dissolve into
 * one ordered list).
 */
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: 16px;
  align-items: start;

  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}px) {
    grid-template-columns: minmax(0, 1fr);
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: 12px;

    ${Main}, ${Side} {
      display: contents;
    }
    ${ChatSlot} {
      order: 1;
    }
    ${BelowPlayer} {
      order: 2;
      gap: 12px;
    }
    ${Side} > :not(${ChatSlot}) {
      order: 3;
    }
    /* The chat's log fills the screen below the 16:9 player (its header, tabs and box aside). */
    ${ChatSlot} [role='log'] {
      max-height: none;
      height: max(240px, calc(100svh - 56.25vw - 280px));
    }
  }
`;

const RoomHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.hero};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    gap: 8px;
    h1 {
      font-size: ${({ theme }) => theme.font.title};
    }
    > div {
      flex: 1;
      min-width: 0;
    }
  }
  img {
    width: 40px;
    height: 40px;
    border-radius: 50%;
    object-fit: cover;
  }
  .anchor {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface LiveRoomViewProps {
  context: RemoteContext;
  roomId: number;
}

/** One live room: header with follow, the player with danmaku, placard, schedules, owner controls; chat and the activity banner beside. */
export function LiveRoomView({ context, roomId }: LiveRoomViewProps) {
  const room = useRoomInfo(context, roomId);
  if (room.state.status === 'ready') return <RoomBody context={context} info={room.state.data} refresh={room.refresh} patch={room.patch} applyPushed={room.applyPushed} />;
  // Loading or failed: still a titled page.
  return (
    <RemotePageFrame remote="mf-live" page="live" title={pageCopy.live?.title ?? ''}>
      <LoadView announceFailure state={room.state} failed={roomCopy.failed} onRetry={room.retry}>
        {() => null}
      </LoadView>
    </RemotePageFrame>
  );
}

interface RoomBodyProps {
  context: RemoteContext;
  info: LiveRoomInfo;
  refresh: () => void;
  patch: (changes: Partial<LiveRoomInfo>) => void;
  /** A state the chat pushed (kept over room info answers asked before it). */
  applyPushed: (changes: Partial<LiveRoomInfo>) => void;
}

function RoomBody({ context, info, refresh, patch, applyPushed }: RoomBodyProps) {
  const [danmakuSetting, setDanmakuSetting] = useDanmakuSetting();
  const chatMute = useChatMute(info, refresh);
  // The room's state as the server pushes it (docs/flows/room-state.md): the badge, the notice and
  // the player follow at once, the owner's page as its viewers'.
  const onRoomState = useCallback(
    (change: ChatRoomState) => {
      if (change.roomId === info.room_id) applyPushed(roomStatePatch(change.state));
    },
    [info.room_id, applyPushed],
  );
  const chat = useRoomChat(context, info.group_id, { ...chatMute, onRoomState });
  const canMute = info.viewer_role === 'owner' || info.viewer_role === 'admin';
  const avatar = safeImage(info.anchor.avatar);
  const [schedulesVersion, setSchedulesVersion] = useState(0);
  // Watch history: members only, while the page is visible (hooks/useWatchHeartbeat.ts).
  const user = useAtomValue(userInfoAtom);
  useWatchHeartbeat(context.api, info.room_id, user !== null);
  // The contribution board reloads after a gift heard in the chat or sent from this page.
  const [giftSignal, setGiftSignal] = useState(0);
  const guards = useRoomGuards(context, info.room_id);
  // The match the room shows: score bar and commentary, spoiler-free (scoreBar/useRoomMatch.ts).
  const matchId = info.match?.match_id ?? null;
  const { row: match, loading: matchLoading } = useRoomMatchState(context, matchId);
  useEffect(() => {
    if (chat.gifts.length > 0) setGiftSignal((current) => current + 1);
  }, [chat.gifts]);

  const mute = useCallback(
    async (message: ChatGroupMessage) => {
      try {
        await liveApi(context.api).ban({ room_id: info.room_id, user_id: Number(message.from.userId), ban: 1 });
        context.eventBus.emit('toast', { kind: 'success', message: chatCopy.muted(message.from.nickname), durationMs: 2_000 });
      } catch {
        // Shown by the API client.
      }
    },
    [context, info.room_id],
  );

  const report = useCallback(
    async (message: ChatGroupMessage, reason: ReportReason) => {
      try {
        await liveApi(context.api).report({ kind: 'chat', target_id: message.id, reason });
        context.eventBus.emit('toast', { kind: 'success', message: reportCopy.reported, durationMs: 2_000 });
      } catch {
        // Shown by the API client (already reported, too many reports, the line is too old).
      }
    },
    [context],
  );

  return (
    <Layout data-remote="mf-live" data-page="live" data-room-id={info.room_id}>
      <Main>
        <HornBanner horns={chat.horns} />
        <RoomHeader>
          {avatar && <img src={avatar} alt={`${info.anchor.user_nickname} 的头像`} />}
          <div>
            <h1>{info.title}</h1>
            <span className="anchor">
              {roomCopy.anchor} {info.anchor.user_nickname} · {roomCopy.followers(info.anchor.fans)}
            </span>
          </div>
          {info.viewer_role !== 'owner' && <FollowButton context={context} room={info} onChange={patch} />}
        </RoomHeader>
        {match !== null ? <ScoreBar row={match} /> : matchLoading && <ScoreBarPlaceholder />}
        <LivePlayer
          title={info.title}
          urls={{ flv: info.flv, hls: info.hls }}
          streamLive={info.is_live === 1}
          roomState={info.room_state}
          matchId={matchId}
          onStreamDropped={refresh}
          engines={roomDependencies.engines}
          capabilities={roomDependencies.capabilities}
          roomId={info.room_id}
          eventBus={context.eventBus}
          overlay={
            <>
              <DanmakuOverlay setting={danmakuSetting} items={chat.danmaku} />
              <GiftLayer events={chat.gifts} />
            </>
          }
          controls={<DanmakuSettings setting={danmakuSetting} onChange={setDanmakuSetting} />}
        />
        <BelowPlayer>
          <BarragePanel context={context} roomId={info.room_id} live={chat.danmaku} />
          {info.viewer_role !== 'owner' && <GiftPanel context={context} roomId={info.room_id} onSent={() => setGiftSignal((current) => current + 1)} />}
          <HornComposer context={context} />
          {info.viewer_role !== 'owner' && <GuardPanel context={context} roomId={info.room_id} mine={guards.mine} onBought={guards.reload} />}
          {info.viewer_role === 'owner' && (
            <LazyOwnerPanel
              context={context}
              room={info}
              onChanged={(changes) => {
                patch(changes);
                refresh();
              }}
              onSchedulesChanged={() => setSchedulesVersion((current) => current + 1)}
            />
          )}
          <PagePanel aria-label={roomCopy.placard}>
            <h2>{roomCopy.placard}</h2>
            <p data-testid="placard">{info.placard || roomCopy.noPlacard}</p>
          </PagePanel>
          <RoomScheduleSection context={context} roomId={info.room_id} version={schedulesVersion} />
        </BelowPlayer>
      </Main>
      <Side>
        <ChatSlot>
          <ChatPanel chat={chat} fallbackOnline={shownViewers(info.online)} onMute={canMute ? (message) => void mute(message) : undefined} onReport={user !== null ? report : undefined} mute={chatMute.mute}
            loginToChat={() => requireLogin(context)}
            assistantExtra={matchId !== null ? <CommentaryList context={context} matchId={matchId} row={match} /> : undefined}
          />
        </ChatSlot>
        <GiftRankBoard context={context} roomId={info.room_id} giftSignal={giftSignal} />
        <RoomGuardList guards={guards} />
        <ActivityBanner context={context} />
      </Side>
    </Layout>
  );
}

/** What a state line changes in room info (the server decided the state: server/src/live/media/roomState.ts). */
export function roomStatePatch(next: RoomStreamState): Partial<LiveRoomInfo> {
  const live = next === 'live';
  return { is_live: live ? 1 : 0, stream_status: live ? 'live' : 'offline', room_state: next };
}

/** This room's scheduled broadcasts (the soonest page, filtered by the server), each reservable. */
function RoomScheduleSection({ context, roomId, version }: { context: RemoteContext; roomId: number; version: number }) {
  const { state } = useLoad(`${roomId}:${version}`, async () => (await liveApi(context.api).schedulesOfRoom(roomId)).list);
  if (state.status !== 'ready') return null;
  return (
    <PagePanel aria-label={roomCopy.schedules}>
      <h2>{roomCopy.schedules}</h2>
      <ScheduleList context={context} schedules={state.data} />
    </PagePanel>
  );
}

import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { liveApi } from '../api/liveApi';
import { LoadView, PagePanel, RemotePageFrame, requireLogin, useLoad, userInfoAtom, type ChatGroupMessage, type ChatRoomState, type LiveRoomInfo, type RemoteContext, type ReportReason, type RoomStreamState } from '@sports/shared';
import { ChatPanel } from '../chat/ChatPanel';
import { clipStillThere } from '../clips/ClipPlayer';
import { reportCopy } from '../chat/ReportMenu';
import { useChatMute } from '../chat/useChatMute';
import { useRoomChat } from '../chat/useRoomChat';
import { DanmakuOverlay } from '../danmaku/DanmakuOverlay';
import { DanmakuSettings } from '../danmaku/DanmakuSettings';
import { useDanmakuSetting } from '../danmaku/useDanmakuSetting';
import { GiftLayer } from '../gifts/GiftLayer';
import { GiftRankBoard } from '../gifts/GiftRankBoard';
import { RoomGuardList } from '../guards/RoomGuardList';
import { RoomFansButton } from '../medals/RoomFansList';
import { useRoomGuards } from '../guards/useRoomGuards';
import { HornBanner } from '../horns/HornBanner';
import { useWatchHeartbeat } from '../hooks/useWatchHeartbeat';
import { chatCopy, pageCopy, roomCopy } from '../messages';
import { LivePlayer } from '../player/LivePlayer';
import { roomDependencies } from '../roomDependencies';
import { CommentaryList } from '../commentary/CommentaryList';
import { ScoreBar, ScoreBarPlaceholder } from '../scoreBar/ScoreBar';
import { useRoomMatchState } from '../scoreBar/useRoomMatch';
import { shownViewers } from '../ui/RoomCard';
import { ActivityBanner } from './ActivityBanner';
import { AnchorBar } from './AnchorBar';
import { LazyOwnerPanel } from './LazyOwnerPanel';
import { RoomActionBar } from './RoomActionBar';
import { RedPacketFalling } from '../redPackets/RedPacketFalling';
import { ScheduleList } from './RoomSchedules';
import { useRoomInfo } from './useRoomInfo';

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;
`;

/** The player and the bar right under it, one block (the bar's popovers open over the video). */
const Stage = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

/** Below the stage: the owner's console, placard and schedules. */
const BelowStage = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

/** The column beside the player: chat, the contribution board, the guards, then the activity banner. */
const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;
`;

const ChatSlot = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

/**
 * Like Douyu's and Huya's rooms. Desktop: the anchor bar, the player and the gift bar under it in
 * the wide column; chat, the contribution board and the guards in the column on the right.
 * Mobile layout (992 px): one column. Phone (500 px, the /h5 site, which gives the room the whole
 * screen: routeManifest.json immersiveOnPhone): the player edge to edge with its bar, the chat
 * right below taking the rest of the screen, then the rest of the room (the two columns' boxes
 * dissolve into one ordered list).
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
    gap: 10px;

    ${Main}, ${Side} {
      display: contents;
    }
    ${Stage} {
      order: 0;
    }
    ${ChatSlot} {
      order: 1;
    }
    ${BelowStage} {
      order: 2;
      gap: 12px;
    }
    ${Side} > :not(${ChatSlot}) {
      order: 3;
    }
    /* Edge to edge: the player and its bar; the rest keeps the page's margins. */
    ${Main} > :not(${Stage}), ${Side} > * {
      margin-inline: 12px;
    }
    /* The chat's log fills the screen below the 16:9 player and its bar (its header, tabs and box aside). */
    ${ChatSlot} [role='log'] {
      max-height: none;
      height: max(240px, calc(100svh - 56.25vw - 300px));
    }
  }
`;

export interface LiveRoomViewProps {
  context: RemoteContext;
  roomId: number;
}

/** One live room (docs/flows/live-room.md): the anchor bar, the player with danmaku and the gift bar under it, placard, schedules, owner controls; chat, the contribution board and the activity banner beside. */
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

/** How far a state line's time may be before the push's (two servers' clocks) and still count. */
const CLOCK_SKEW_ALLOWED_MS = 2_000;

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
  // A line said before the push room info knows of is older news than room info (a join's history
  // when the line of that push never reached this node's chat: two nodes without a chat bus). The
  // push's time is the database's clock, the line's the chat node's: a line within
  // CLOCK_SKEW_ALLOWED_MS before it counts (the push's own 直播信号已接通 comes right after it).
  const streamStartedAt = info.stream_started_at === null ? null : Date.parse(info.stream_started_at);
  const onRoomState = useCallback(
    (change: ChatRoomState, sentAt: number) => {
      if (change.roomId !== info.room_id) return;
      if (streamStartedAt !== null && sentAt < streamStartedAt - CLOCK_SKEW_ALLOWED_MS) return;
      applyPushed(roomStatePatch(change.state));
    },
    [info.room_id, streamStartedAt, applyPushed],
  );
  const chat = useRoomChat(context, info.group_id, { ...chatMute, onRoomState });
  const canMute = info.viewer_role === 'owner' || info.viewer_role === 'admin';
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

  // The chat's clip cards (进球回放): held for the player's delay, a deleted clip told apart.
  const clipsInChat = useMemo(() => ({ eventBus: context.eventBus, check: (clipId: number) => clipStillThere(context.api, clipId) }), [context]);

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
        <AnchorBar context={context} info={info} patch={patch} />
        {match !== null ? <ScoreBar row={match} /> : matchLoading && <ScoreBarPlaceholder />}
        <Stage>
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
            dvr={info.dvr ?? null}
            lastReplay={info.last_replay ?? null}
            overlay={
              <>
                <DanmakuOverlay setting={danmakuSetting} items={chat.danmaku} />
                <GiftLayer events={chat.gifts} />
                <RedPacketFalling context={context} events={chat.redPackets} />
              </>
            }
            controls={<DanmakuSettings setting={danmakuSetting} onChange={setDanmakuSetting} />}
          />
          <RoomActionBar context={context} info={info} danmaku={chat.danmaku} guardMine={guards.mine} onGuardBought={guards.reload} onGiftSent={() => setGiftSignal((current) => current + 1)} redPacketSignal={chat.redPackets.length} />
        </Stage>
        <BelowStage>
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
        </BelowStage>
      </Main>
      <Side>
        <ChatSlot>
          <ChatPanel chat={chat} fallbackOnline={shownViewers(info.online)} onMute={canMute ? (message) => void mute(message) : undefined} onReport={user !== null ? report : undefined} mute={chatMute.mute}
            loginToChat={() => requireLogin(context)}
            clips={clipsInChat}
            assistantExtra={matchId !== null ? <CommentaryList context={context} matchId={matchId} row={match} /> : undefined}
          />
        </ChatSlot>
        <GiftRankBoard context={context} roomId={info.room_id} giftSignal={giftSignal} />
        <RoomGuardList guards={guards} />
        <RoomFansButton context={context} anchorId={info.anchor.anchor_id} />
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

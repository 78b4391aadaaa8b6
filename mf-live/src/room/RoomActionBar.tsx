import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, IconButton, requireLogin, userInfoAtom, type LiveRoomInfo, type MyGuard, type RemoteContext } from '@sports/shared';
import { Popover } from '@sports/shared/pageKit';
import { BarragePanel } from '../barrage/BarragePanel';
import type { DanmakuItem } from '../danmaku/DanmakuOverlay';
import { useGiftCatalogue } from '../gifts/giftCatalogue';
import { safeGiftIcon } from '../gifts/giftMessage';
import { GiftPanel } from '../gifts/GiftPanel';
import { GuardPanel } from '../guards/GuardPanel';
import { HornComposer } from '../horns/HornComposer';
import { actionBarCopy } from '../messages';
import { RECHARGE_HREF } from '../wallet/PaidActionNotice';
import { ClipComposer } from '../clips/ClipComposer';
import { clipCopy } from '../clips/clipCopy';
import { ClipIcon, DanmakuIcon, GiftIcon, GuardIcon, HornIcon } from './barIcons';
import { PredictionIcon } from '../predictions/PredictionIcon';
import { PredictionPanel } from '../predictions/PredictionPanel';
import { predictionCopy } from '../predictions/predictionCopy';
import { RedPacketIcon } from '../redPackets/RedPacketIcon';
import { RedPacketPanel } from '../redPackets/RedPacketPanel';
import { redPacketCopy } from '../redPackets/redPacketCopy';
import { LotteryIcon } from '../lotteries/LotteryIcon';
import { LotteryPanel } from '../lotteries/LotteryPanel';
import { lotteryCopy } from '../lotteries/lotteryCopy';

/** Gifts shown in the bar itself (desktop); the rest are one click away in the picker. */
const GIFT_SHORTCUTS = 6;
const POPOVER_WIDTH = 460;

/**
 * Directly under the player, like Douyu's and Huya's gift bar: the popovers open over the video
 * (anchored to the bar, so each opens in the same place); on a phone they slide up as sheets.
 */
const Bar = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 0;
  border-radius: 0 0 ${({ theme }) => theme.radius.medium} ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};

  /* A phone's bar: as many rows as its buttons need (竞猜 and 红包 made seven: one row overlapped them). */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    flex-wrap: wrap;
    justify-content: space-around;
    gap: 2px 4px;
    padding: 2px 6px;
    border-radius: 0;
    border-left: 0;
    border-right: 0;
  }
`;

const Shortcuts = styled.ul`
  display: flex;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;

  img {
    width: 28px;
    height: 28px;
  }
  button {
    flex-direction: column;
    gap: 0;
    padding: 2px 6px;
    font-size: ${({ theme }) => theme.font.small};
  }
  /* A phone's bar keeps four buttons; the gifts are in the sheet. */
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}px) {
    display: none;
  }
`;

const Wallet = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-left: auto;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};

  a {
    padding: 3px 10px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.textInverse};
    text-decoration: none;
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    display: none;
  }
`;

interface BarPickerProps {
  /** The picker's title, which also names its button (送礼物, 开通守护…). */
  title: string;
  /** The short word beside the icon in the bar (礼物, 守护…). */
  text: string;
  icon: ReactNode;
  /** The button's `data-testid` (`bar-gifts`) and the picker's (`gift-popover`). */
  triggerTestId: string;
  testId: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/** One of the bar's pickers: a popover over the video (a sheet on a phone) that keeps its content while closed. */
function BarPicker({ title, text, icon, triggerTestId, testId, open, onOpenChange, children }: BarPickerProps) {
  return (
    <Popover
      title={title}
      open={open}
      onOpenChange={onOpenChange}
      anchor="container"
      width={POPOVER_WIDTH}
      sheetOnNarrow
      keepMounted
      testId={testId}
      trigger={(props) => <IconButton {...props} label={title} icon={icon} text={text} data-testid={triggerTestId} />}
    >
      {children}
    </Popover>
  );
}

export interface RoomActionBarProps {
  context: RemoteContext;
  info: LiveRoomInfo;
  /** Danmaku heard since the page opened (the danmaku picker's recent list). */
  danmaku: readonly DanmakuItem[];
  /** The viewer's guard in this room (null: none). */
  guardMine: MyGuard | null;
  onGuardBought: () => void;
  onGiftSent: () => void;
  /** Red packet lines the room heard so far (a change reads the 红包 list again). */
  redPacketSignal?: number;
}

/**
 * The bar under the player: 礼物 (with the first gifts as shortcuts), 守护, 喇叭, 弹幕, 竞猜, 红包, 天选 and 剪辑, each a
 * popover over the video (a bottom sheet on a phone), then the balance and 充值. The anchor's own
 * room leaves out what an anchor cannot buy there (gifts, guard). Closed, a picker keeps what was
 * picked or typed, and a payment waiting for its answer (keepMounted).
 */
export function RoomActionBar({ context, info, danmaku, guardMine, onGuardBought, onGiftSent, redPacketSignal = 0 }: RoomActionBarProps) {
  const user = useAtomValue(userInfoAtom);
  const owner = info.viewer_role === 'owner';
  const { state: catalogue } = useGiftCatalogue(context.api);
  const [giftOpen, setGiftOpen] = useState(false);
  const [predictionsOpen, setPredictionsOpen] = useState(false);
  const [redPacketsOpen, setRedPacketsOpen] = useState(false);
  const [lotteriesOpen, setLotteriesOpen] = useState(false);
  const [preselect, setPreselect] = useState<{ giftId: number; token: number } | undefined>(undefined);
  const shortcuts = catalogue.status === 'ready' ? catalogue.data.slice(0, GIFT_SHORTCUTS) : [];

  return (
    <Bar role="group" aria-label={actionBarCopy.bar} data-testid="room-action-bar">
      {!owner && (
        <>
          <BarPicker title={actionBarCopy.giftsTitle} text={actionBarCopy.gifts} icon={<GiftIcon />} triggerTestId="bar-gifts" testId="gift-popover" open={giftOpen} onOpenChange={setGiftOpen}>
            <GiftPanel context={context} roomId={info.room_id} onSent={onGiftSent} preselect={preselect} />
          </BarPicker>
          {shortcuts.length > 0 && (
            <Shortcuts aria-label={actionBarCopy.gifts}>
              {shortcuts.map((gift) => {
                const icon = safeGiftIcon(gift.icon);
                return (
                  <li key={gift.id}>
                    <Button
                      variant="ghost"
                      aria-label={actionBarCopy.giftShortcut(gift.name, gift.price)}
                      title={actionBarCopy.giftShortcut(gift.name, gift.price)}
                      aria-haspopup="dialog"
                      data-testid="bar-gift-shortcut"
                      data-gift-id={gift.id}
                      onClick={() => {
                        setPreselect({ giftId: gift.id, token: Date.now() });
                        setGiftOpen(true);
                      }}
                    >
                      {icon && <img src={icon} alt="" />}
                      <span aria-hidden="true">{gift.name}</span>
                    </Button>
                  </li>
                );
              })}
            </Shortcuts>
          )}
          <BarPicker title={actionBarCopy.guardTitle} text={actionBarCopy.guard} icon={<GuardIcon />} triggerTestId="bar-guard" testId="guard-popover">
            <GuardPanel context={context} roomId={info.room_id} mine={guardMine} onBought={onGuardBought} />
          </BarPicker>
        </>
      )}
      <BarPicker title={actionBarCopy.hornTitle} text={actionBarCopy.horn} icon={<HornIcon />} triggerTestId="bar-horn" testId="horn-popover">
        <HornComposer context={context} />
      </BarPicker>
      <BarPicker title={actionBarCopy.barrageTitle} text={actionBarCopy.barrage} icon={<DanmakuIcon />} triggerTestId="bar-barrage" testId="barrage-popover">
        <BarragePanel context={context} roomId={info.room_id} live={danmaku} />
      </BarPicker>
      <BarPicker title={predictionCopy.title} text={predictionCopy.entry} icon={<PredictionIcon />} triggerTestId="bar-predictions" testId="prediction-popover" open={predictionsOpen} onOpenChange={setPredictionsOpen}>
        <PredictionPanel context={context} roomId={info.room_id} manager={owner || info.viewer_role === 'admin'} owner={owner} active={predictionsOpen} />
      </BarPicker>
      <BarPicker title={redPacketCopy.title} text={redPacketCopy.entry} icon={<RedPacketIcon />} triggerTestId="bar-red-packets" testId="red-packet-popover" open={redPacketsOpen} onOpenChange={setRedPacketsOpen}>
        <RedPacketPanel context={context} roomId={info.room_id} active={redPacketsOpen} signal={redPacketsOpen ? redPacketSignal : 0} />
      </BarPicker>
      <BarPicker title={lotteryCopy.title} text={lotteryCopy.entry} icon={<LotteryIcon />} triggerTestId="bar-lotteries" testId="lottery-popover" open={lotteriesOpen} onOpenChange={setLotteriesOpen}>
        <LotteryPanel context={context} roomId={info.room_id} owner={owner} active={lotteriesOpen} />
      </BarPicker>
      {user ? (
        <BarPicker title={clipCopy.clipTitle} text={clipCopy.clip} icon={<ClipIcon />} triggerTestId="bar-clip" testId="clip-popover">
          <ClipComposer context={context} roomId={info.room_id} live={info.is_live === 1} />
        </BarPicker>
      ) : (
        // A guest's 剪辑 asks them to log in (a clip has an owner).
        <IconButton label={clipCopy.clipTitle} icon={<ClipIcon />} text={clipCopy.clip} data-testid="bar-clip" onClick={() => requireLogin(context)} />
      )}
      {user && (
        <Wallet>
          <span data-testid="bar-balance">{actionBarCopy.balance(user.balance)}</span>
          <a href={RECHARGE_HREF}>{actionBarCopy.recharge}</a>
        </Wallet>
      )}
    </Bar>
  );
}

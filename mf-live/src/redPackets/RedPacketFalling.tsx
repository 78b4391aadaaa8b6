import { useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button, type RemoteContext } from '@sports/shared';
import { redPacketCopy as copy } from './redPacketCopy';
import type { RedPacketRoomEvent } from './redPacketEvents';
import { grabRedPacket } from './RedPacketPanel';

const fall = keyframes`
  from { transform: translateY(-120%); }
  to { transform: translateY(0); }
`;

/** Over the player's corner: the packet drops in, then waits for its 抢 (or 关闭). */
const Packet = styled.div`
  position: absolute;
  top: 12px;
  right: 12px;
  z-index: 5;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  width: 132px;
  padding: 12px 8px;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: #d7263d;
  color: #ffe9a8;
  text-align: center;
  font-size: ${({ theme }) => theme.font.small};
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.35);
  animation: ${fall} 0.8s ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export interface RedPacketFallingProps {
  context: RemoteContext;
  /** The room's red packet events (useRoomChat): the last `opened` one falls. */
  events: readonly RedPacketRoomEvent[];
}

/**
 * The falling packet: when the room hears a packet open, it drops over the player with a 抢 button
 * (a 口令 packet says what to send first); the member's result replaces it. It goes when grabbed,
 * closed, emptied or expired.
 */
export function RedPacketFalling({ context, events }: RedPacketFallingProps) {
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const [result, setResult] = useState<{ packetId: number; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [now, setNow] = useState(Date.now());
  const finished = new Set(events.filter((item) => item.event.event === 'finished').map((item) => item.event.packetId));
  const opened = [...events].reverse().find((item) => item.event.event === 'opened' && !closed.has(item.event.packetId) && !finished.has(item.event.packetId) && item.event.expiresAt > now);
  useEffect(() => {
    if (opened === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, opened.event.expiresAt - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [opened]);
  const shown = opened?.event;
  if (result !== null && (shown === undefined || shown.packetId === result.packetId)) {
    return (
      <Packet role="status" data-testid="red-packet-result">
        <span>{result.text}</span>
        <Button variant="secondary" onClick={() => {
          setClosed((set) => new Set([...set, result.packetId]));
          setResult(null);
        }}>
          {copy.close}
        </Button>
      </Packet>
    );
  }
  if (shown === undefined) return null;
  const grab = async () => {
    if (pending) return;
    setPending(true);
    try {
      const amount = await grabRedPacket(context, shown.packetId);
      // Refused (抢光了, 口令 not sent…): the API client showed why; the packet goes.
      if (amount === null) setClosed((set) => new Set([...set, shown.packetId]));
      else setResult({ packetId: shown.packetId, text: copy.got(amount) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Packet role="dialog" aria-label={copy.falling(shown.funderNickname)} data-testid="red-packet-falling" data-packet-id={shown.packetId}>
      <strong>{copy.falling(shown.funderNickname)}</strong>
      <span>{copy.summary(shown.totalCoins, shown.shares)}</span>
      {shown.password !== null && <span data-testid="red-packet-falling-password">{copy.passwordNote(shown.password)}</span>}
      <Button variant="primary" disabled={pending} onClick={() => void grab()} data-testid="red-packet-falling-grab">
        {pending ? copy.grabbing : copy.grab}
      </Button>
      <Button variant="ghost" onClick={() => setClosed((set) => new Set([...set, shown.packetId]))}>
        {copy.close}
      </Button>
    </Packet>
  );
}

import { useEffect, useReducer, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import type { ChatGiftPayload } from '@sports/shared';
import { giftCopy } from '../messages';
import { safeGiftIcon } from './giftMessage';
import { EMPTY_GIFT_QUEUE, GIFT_REDUCED_SHOW_MS, GIFT_SHOW_MS, giftQueueReducer } from './giftQueue';

/** A gift the room just heard of (a fresh chat gift line). */
export interface GiftEvent {
  /** The chat message id (seen once). */
  id: string;
  gift: ChatGiftPayload;
  /** When it arrived here (ms). */
  at: number;
}

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
}

/** True while the viewer asks for reduced motion (followed live). */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => reducedMotionQuery()?.matches ?? false);
  useEffect(() => {
    const query = reducedMotionQuery();
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    onChange();
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return reduced;
}

// Entrances only: a show stays until its timer ends (a combo hit extends it), then it is removed.
const slideIn = keyframes`
  from { transform: translateX(-110%); opacity: 0; }
  to { transform: translateX(0); opacity: 1; }
`;

const sweep = keyframes`
  from { transform: scale(0.6); opacity: 0; }
  70% { transform: scale(1.05); opacity: 1; }
  to { transform: scale(1); opacity: 1; }
`;

const pop = keyframes`
  from { transform: scale(1.8); }
  to { transform: scale(1); }
`;

const Layer = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
  pointer-events: none;
  color: #fff;
  text-shadow: 0 0 2px #000, 0 0 2px #000;
`;

const Show = styled.div`
  position: absolute;
  display: flex;
  align-items: center;
  gap: 8px;
  border-radius: 999px;
  background: rgba(0, 0, 0, 0.55);
  font-weight: bold;
  will-change: transform, opacity;

  img {
    object-fit: contain;
  }
  .count {
    display: inline-block;
    color: #ffd54f;
    animation: ${pop} 300ms ease-out;
  }

  &[data-tier='1'] {
    left: 12px;
    bottom: 64px;
    padding: 4px 12px 4px 4px;
    font-size: 14px;
    animation: ${slideIn} 400ms ease-out both;
    img { width: 32px; height: 32px; }
  }
  &[data-tier='2'] {
    left: 12px;
    bottom: 96px;
    padding: 6px 18px 6px 6px;
    font-size: 18px;
    background: linear-gradient(90deg, rgba(200, 16, 46, 0.85), rgba(200, 16, 46, 0));
    animation: ${slideIn} 400ms ease-out both;
    img { width: 56px; height: 56px; }
  }
  &[data-tier='3'] {
    inset: 0;
    justify-content: center;
    flex-direction: column;
    border-radius: 0;
    font-size: 24px;
    background: radial-gradient(circle, rgba(200, 16, 46, 0.55), rgba(0, 0, 0, 0.35));
    animation: ${sweep} 600ms ease-out both;
    img { width: 45%; max-width: 180px; height: auto; }
  }
  /* Reduced motion: a short static banner at the top, no movement. */
  &[data-motion='reduced'] {
    inset: 8px 8px auto 8px;
    flex-direction: row;
    justify-content: center;
    padding: 4px 12px;
    border-radius: 8px;
    font-size: 16px;
    background: rgba(0, 0, 0, 0.7);
    animation: none;
    img { width: 28px; height: 28px; }
    .count { animation: none; }
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    .count { animation: none; }
  }
`;

export interface GiftLayerProps {
  /** Fresh gifts, oldest first; only ids not seen before are shown. */
  events: readonly GiftEvent[];
}

/**
 * Gifts over the player, one after another (CSS animations, no library): tier 1 a small pill,
 * 2 a banner, 3 the whole video; a combo (same comboKey within 5 s) grows its xN on the show
 * playing or waiting. With prefers-reduced-motion, a short static banner. Decorative: the chat
 * log has the same lines for assistive technology.
 */
export function GiftLayer({ events }: GiftLayerProps) {
  const [state, dispatch] = useReducer(giftQueueReducer, EMPTY_GIFT_QUEUE);
  const reduced = usePrefersReducedMotion();
  // What was there when the layer mounted has been shown (or was history): not again.
  const seen = useRef<Set<string> | null>(null);
  seen.current ??= new Set(events.map((event) => event.id));

  useEffect(() => {
    const known = seen.current ?? new Set<string>();
    for (const event of events) {
      if (known.has(event.id)) continue;
      known.add(event.id);
      dispatch({ type: 'add', gift: event.gift, at: event.at });
    }
  }, [events]);

  const current = state.current;
  const showMs = current ? (reduced ? GIFT_REDUCED_SHOW_MS : GIFT_SHOW_MS[current.gift.tier]) : 0;
  const currentId = current?.id ?? null;
  const currentVersion = current?.version ?? 0;
  // Each show (and each combo hit on it) gets its full time from now.
  useEffect(() => {
    if (currentId === null) return;
    const timer = setTimeout(() => dispatch({ type: 'finish', id: currentId, version: currentVersion }), showMs);
    return () => clearTimeout(timer);
  }, [currentId, currentVersion, showMs]);

  const icon = current ? safeGiftIcon(current.gift.icon) : undefined;
  return (
    <Layer data-testid="gift-layer" aria-hidden="true" data-queued={state.queue.length}>
      {current && (
        <Show
          // A new show (not a combo hit) starts its animation afresh.
          key={current.id}
          data-testid="gift-show"
          data-tier={current.gift.tier}
          data-motion={reduced ? 'reduced' : 'full'}
          data-count={current.count}
        >
          {icon && <img src={icon} alt="" />}
          <span>{giftCopy.line(current.gift.senderNickname, current.gift.name)}</span>
          <span className="count" key={current.version} data-testid="gift-show-count">
            {giftCopy.count(current.count)}
          </span>
        </Show>
      )}
    </Layer>
  );
}

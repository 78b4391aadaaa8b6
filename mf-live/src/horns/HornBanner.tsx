import styled, { keyframes } from 'styled-components';
import type { ChatHorn } from '@sports/shared';
import { usePrefersReducedMotion } from '../gifts/GiftLayer';
import { LevelBadge } from '../ui/LevelBadge';
import { hornCopy } from './hornCopy';
import { HORN_SHOW_MS, useHornQueue } from './hornQueue';

const dropIn = keyframes`
  from { transform: translateY(-100%); opacity: 0; }
  to { transform: translateY(0); opacity: 1; }
`;

const Bar = styled.div`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0 0 8px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: #7a2e0e;
  color: #fff;
  font-size: 15px;
  line-height: 1.5;
  animation: ${dropIn} 300ms ease-out;
  &[data-motion='reduced'] {
    animation: none;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
  .label {
    flex: none;
    padding: 0 6px;
    border-radius: 4px;
    background: #ffd700;
    color: #3a1a00;
    font-weight: bold;
  }
  .text {
    overflow-wrap: anywhere;
  }
`;

export interface HornBannerProps {
  /** Horns heard since the page opened (the chat's `horn` frames), oldest first. */
  horns: readonly ChatHorn[];
  /** How long each shows (tests shorten it). */
  showMs?: number;
}

/**
 * The horn banner over the room page: every horn any member sends reaches every room, shown one
 * at a time for HORN_SHOW_MS (queued), as plain text in a polite live region (screen readers
 * read each once). It drops in unless the viewer asks for reduced motion; it never scrolls, so
 * it stays readable.
 */
export function HornBanner({ horns, showMs = HORN_SHOW_MS }: HornBannerProps) {
  const current = useHornQueue(horns, showMs);
  const reduced = usePrefersReducedMotion();
  return (
    <div role="status" aria-live="polite" aria-label={hornCopy.banner}>
      {current && (
        <Bar key={current.id} data-testid="horn-banner" data-horn-id={current.id} data-motion={reduced ? 'reduced' : 'full'}>
          <span className="label" aria-hidden="true">
            📢 {hornCopy.banner}
          </span>
          {current.level !== undefined && <LevelBadge level={current.level} />}
          <span className="text">{hornCopy.line(current.senderNickname, current.text)}</span>
        </Bar>
      )}
    </div>
  );
}

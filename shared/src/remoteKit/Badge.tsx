import type { HTMLAttributes } from 'react';
import styled from 'styled-components';
import type { SportsTheme } from '../theme/theme';

/**
 * A short label on a surface: a room's state (直播中 / 主播暂时离开 / 未开播), a count, a tier.
 * `tone` picks a colour that keeps WCAG AA contrast with its white text; the text itself carries
 * the meaning (colour alone never does).
 */
export type BadgeTone = 'live' | 'warning' | 'neutral' | 'success' | 'info';

const tones: Record<BadgeTone, (theme: SportsTheme) => string> = {
  live: (theme) => theme.colors.brand,
  warning: (theme) => theme.colors.warning,
  neutral: (theme) => theme.colors.textMuted,
  success: (theme) => theme.colors.success,
  info: (theme) => theme.colors.away,
};

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 1px 8px;
  border-radius: 999px;
  background: ${({ theme, $tone }) => tones[$tone](theme)};
  color: ${({ theme }) => theme.colors.textInverse};
  font-size: ${({ theme }) => theme.font.small};
  line-height: 18px;
  white-space: nowrap;
`;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', ...rest }: BadgeProps) {
  return <Pill $tone={tone} {...rest} />;
}

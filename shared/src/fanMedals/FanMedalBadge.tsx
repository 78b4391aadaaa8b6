import styled from 'styled-components';
import { FAN_MEDAL_GREY, fanMedalColor } from './fanMedalLevels';

/**
 * A fan medal (粉丝勋章, issue 35): the anchor's medal name and the level, on the colour of the
 * level's band (1-4 green, 5-8 blue, 9-12 purple, 13-16 red, 17-20 gold), dimmed to grey when the
 * medal is greyed (7 days without interaction). The title and the accessible name say it in words
 * (粉丝勋章 铁粉团 3级, 已熄灭), so colour never carries the meaning alone.
 */

const Medal = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: stretch;
  margin-right: 4px;
  border: 1px solid ${({ $color }) => $color};
  border-radius: ${({ theme }) => theme.radius.small};
  overflow: hidden;
  font-size: ${({ theme }) => theme.font.small};
  font-weight: bold;
  line-height: 1.5;
  text-shadow: none;
  vertical-align: middle;
  white-space: nowrap;

  & > .fan-medal-name {
    padding: 0 4px;
    background: ${({ $color }) => $color};
    color: #fff;
  }

  & > .fan-medal-level {
    padding: 0 4px;
    background: #fff;
    color: ${({ $color }) => $color};
  }

  &[data-lit='0'] {
    opacity: 0.75;
  }
`;

export interface FanMedalBadgeProps {
  name: string;
  level: number;
  /** false: greyed. */
  lit: boolean;
}

/** The words a fan medal badge stands for (its title and accessible name). */
export function fanMedalLabel({ name, level, lit }: FanMedalBadgeProps): string {
  return `粉丝勋章 ${name} ${level}级${lit ? '' : '（已熄灭）'}`;
}

export function FanMedalBadge({ name, level, lit }: FanMedalBadgeProps) {
  const label = fanMedalLabel({ name, level, lit });
  return (
    <Medal className="fan-medal-badge" data-testid="fan-medal-badge" data-level={level} data-lit={lit ? '1' : '0'} $color={lit ? fanMedalColor(level) : FAN_MEDAL_GREY} title={label} role="img" aria-label={label}>
      <span className="fan-medal-name" aria-hidden="true">
        {name}
      </span>
      <span className="fan-medal-level" aria-hidden="true">
        {level}
      </span>
    </Medal>
  );
}

import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { FAN_MEDAL_GREY, fanMedalColor } from './fanMedalLevels';
import { theme } from '../theme/theme';
import { FanMedalBadge } from './FanMedalBadge';

afterEach(cleanup);

const show = (props: { name: string; level: number; lit: boolean }) =>
  render(
    <ThemeProvider theme={theme}>
      <FanMedalBadge {...props} />
    </ThemeProvider>,
  );

describe('FanMedalBadge', () => {
  it('shows the medal name and level on the level band\'s colour, named in words for screen readers', () => {
    show({ name: '铁粉团', level: 6, lit: true });
    const badge = screen.getByRole('img', { name: '粉丝勋章 铁粉团 6级' });
    expect(badge.textContent).toBe('铁粉团6');
    expect(badge.getAttribute('title')).toBe('粉丝勋章 铁粉团 6级');
    expect(badge.dataset.lit).toBe('1');
    expect(getComputedStyle(badge.querySelector('.fan-medal-name') as Element).backgroundColor).toBe(rgb(fanMedalColor(6)));
  });

  it('a greyed medal is drawn grey and says so', () => {
    show({ name: '铁粉团', level: 18, lit: false });
    const badge = screen.getByRole('img', { name: '粉丝勋章 铁粉团 18级（已熄灭）' });
    expect(badge.dataset.lit).toBe('0');
    expect(getComputedStyle(badge.querySelector('.fan-medal-name') as Element).backgroundColor).toBe(rgb(FAN_MEDAL_GREY));
  });
});

function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inBrowserZoneAt } from '../testing/browserZone';
import { ChinaTime } from './ChinaTime';

describe('ChinaTime', () => {
  inBrowserZoneAt('America/New_York', '2026-11-22T14:00:00Z');

  it('shows an instant in China time whatever the browser zone, with the instant as dateTime and the minute as tooltip', () => {
    expect(new Date('2026-11-22T13:55:08Z').getHours()).toBe(8);
    render(<ChinaTime at="2026-11-22T13:55:08Z" format="clock" data-testid="kickoff" />);
    const time = screen.getByTestId('kickoff');
    expect(time.textContent).toBe('21:55');
    expect(time.getAttribute('dateTime')).toBe('2026-11-22T13:55:08Z');
    expect(time.getAttribute('title')).toBe('2026-11-22 21:55');
  });

  it('reads epoch milliseconds too, in each format', () => {
    const at = Date.parse('2026-12-31T16:30:05Z');
    const { container } = render(
      <>
        <ChinaTime at={at} format="date" />
        <ChinaTime at={at} format="monthDayTime" />
        <ChinaTime at={at} format="seconds" />
      </>,
    );
    expect([...container.querySelectorAll('time')].map((node) => node.textContent)).toEqual(['2027-01-01', '01/01 00:30', '2027-01-01 00:30:05']);
  });
});

import { useState } from 'react';
import styled from 'styled-components';
import { Button, Muted, PagePanel, type PointsCheckInResult, type PointsInfo, type RemoteContext } from '@sports/shared';
import { refusalMessage } from '../member/errors';
import { ErrorText, Notice } from '../ui/Form';
import { pointsApi } from './pointsApi';
import { pointsCopy } from './pointsCopy';

const Days = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 8px 0;
  padding: 0;
  list-style: none;

  li {
    min-width: 64px;
    padding: 6px 8px;
    border-radius: 6px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    text-align: center;
  }

  li[data-reached='true'] {
    border-color: ${({ theme }) => theme.colors.brand};
    font-weight: 600;
  }
`;

/**
 * 每日签到: the streak, the table of points by streak day (the days reached marked), the button
 * (今日已签到 once done). A refusal (already checked in on another tab) is said inline and the info
 * is read again.
 */
export function CheckInPanel({ context, info, onChanged }: { context: RemoteContext; info: PointsInfo; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<PointsCheckInResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const checkIn = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setDone(await pointsApi(context.api).checkIn());
    } catch (failure) {
      setError(refusalMessage(failure));
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  return (
    <PagePanel aria-labelledby="points-checkin-heading">
      <h2 id="points-checkin-heading">{pointsCopy.checkInHeading}</h2>
      <Muted data-testid="points-streak">{pointsCopy.streak(info.streak)}</Muted>
      <Days aria-label={pointsCopy.tableLabel}>
        {info.checkin_table.map((points, index) => (
          // The days of the streak so far (every day from the table's last one on counts as it).
          <li key={index} data-reached={index < Math.min(info.streak, info.checkin_table.length) ? 'true' : 'false'}>
            {pointsCopy.tableDay(index + 1, index === info.checkin_table.length - 1)}
            <br />+{points}
          </li>
        ))}
      </Days>
      <Muted data-testid="points-checkin-points">{info.checked_in_today ? pointsCopy.todayPaid(info.checkin_points) : pointsCopy.todayPays(info.checkin_points)}</Muted>
      <Button variant="primary" data-testid="points-checkin" disabled={info.checked_in_today || busy} onClick={() => void checkIn()}>
        {info.checked_in_today ? pointsCopy.checkedIn : busy ? pointsCopy.checkingIn : pointsCopy.checkIn}
      </Button>
      <div role="status">{done && <Notice data-testid="points-checkin-done">{pointsCopy.checkedInNotice(done.points, done.streak)}</Notice>}</div>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </PagePanel>
  );
}

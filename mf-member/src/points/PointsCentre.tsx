import { useState } from 'react';
import styled from 'styled-components';
import { LoadView, Muted, PagePanel, useLoad } from '@sports/shared';
import type { MemberSectionProps } from '../pages/MemberPage';
import { CheckInPanel } from './CheckInPanel';
import { pointsApi } from './pointsApi';
import { pointsCopy } from './pointsCopy';
import { PointsHistory } from './PointsHistory';
import { PredictionHistory } from './PredictionHistory';
import { TasksPanel } from './TasksPanel';

const Figure = styled.p`
  font-size: 1.5em;
  font-weight: 600;
  margin: 0;
`;

/**
 * member?type=4 — 我的积分 (issue 35): the balance and what was earned today, 每日签到 with the
 * streak, the daily tasks with their progress, the history, and the rule that points are never
 * bought with money nor withdrawn. `api/Points/info` is read once and again after a check-in.
 */
export default function PointsCentre({ context }: MemberSectionProps) {
  const [version, setVersion] = useState(0);
  const info = useLoad('points-info', () => pointsApi(context.api).info());
  // After a check-in: the info again, quietly (the panels stay), and the history from its first page.
  const changed = () => {
    info.reload();
    setVersion((now) => now + 1);
  };

  return (
    <>
      <PagePanel aria-labelledby="points-balance-heading">
        <h2 id="points-balance-heading">{pointsCopy.balanceHeading}</h2>
        <LoadView announceFailure state={info.state} failed={pointsCopy.failed} onRetry={info.retry}>
          {(data) => (
            <>
              <Figure data-testid="points-balance">{pointsCopy.balance(data.balance)}</Figure>
              <Muted data-testid="points-earned-today">{pointsCopy.earnedToday(data.earned_today)}</Muted>
            </>
          )}
        </LoadView>
        <Muted data-testid="points-rule">{pointsCopy.rule}</Muted>
      </PagePanel>
      {info.state.status === 'ready' && (
        <>
          <CheckInPanel context={context} info={info.state.data} onChanged={changed} />
          <TasksPanel info={info.state.data} />
        </>
      )}
      <PointsHistory context={context} version={version} />
      <PredictionHistory context={context} />
    </>
  );
}

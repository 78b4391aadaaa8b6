import styled from 'styled-components';
import { Button } from '@sports/shared';
import type { PaidActionProblem } from './usePaidAction';

/** Where a member recharges (SPEC.md section 2: member type 1 with isRecharge=true). */
export const RECHARGE_HREF = '#/member?type=1&isRecharge=true';

export const Alert = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.danger};
  a {
    margin-left: 8px;
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

export interface PaidActionNoticeProps {
  problem: PaidActionProblem;
  pending: boolean;
  onRetry: () => void;
  /** The test ids' prefix: `<prefix>-error`, `<prefix>-recharge`, `<prefix>-retry`. */
  testIdPrefix: string;
  copy: { recharge: string; unknown: string; retry: string };
}

/** A paid action's problem: too little balance with 去充值, or no answer with 重试 (same key). */
export function PaidActionNotice({ problem, pending, onRetry, testIdPrefix, copy }: PaidActionNoticeProps) {
  if (problem?.kind === 'insufficient')
    return (
      <Alert role="alert" data-testid={`${testIdPrefix}-error`}>
        {problem.message}
        <a href={RECHARGE_HREF} data-testid={`${testIdPrefix}-recharge`}>
          {copy.recharge}
        </a>
      </Alert>
    );
  if (problem?.kind === 'unknown')
    return (
      <Alert role="alert" data-testid={`${testIdPrefix}-error`}>
        {copy.unknown}{' '}
        <Button type="button" data-testid={`${testIdPrefix}-retry`} disabled={pending} onClick={onRetry}>
          {copy.retry}
        </Button>
      </Alert>
    );
  return null;
}

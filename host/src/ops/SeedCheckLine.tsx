import { useEffect, useState } from 'react';
import { Badge } from '@sports/shared';
import { gameAuditCopy } from './gameAuditCopy';
import { ErrorText, Muted } from './opsStyles';

const text = gameAuditCopy.common;

/** What a 校验 found: whether everything matched, and the sentence saying what was compared. */
export interface SeedCheckResult {
  matches: boolean;
  detail: string;
}

export interface SeedCheckLineProps {
  /** Whether the seed is public yet (a finished packet, a drawn lottery); else `waiting` shows. */
  ready: boolean;
  waiting: string;
  /** Recomputes from the revealed seed (a new function: checked again). */
  run: () => Promise<SeedCheckResult>;
  /** `data-testid` of the line (`data-verified` match / mismatch); its badge is `<testId>-result`. */
  testId: string;
}

/**
 * A commit-reveal 校验 line (red packets, lotteries): 计算中… while the browser recomputes from
 * the revealed seed, then 一致 / 不一致 (a badge whose text carries the meaning) and what was
 * compared; before the reveal, what it waits for.
 */
export function SeedCheckLine({ ready, waiting, run, testId }: SeedCheckLineProps) {
  const [result, setResult] = useState<SeedCheckResult | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!ready) return;
    let live = true;
    setResult(null);
    setFailed(null);
    run().then(
      (outcome) => live && setResult(outcome),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [ready, run]);

  if (!ready) return <Muted data-testid={testId}>{waiting}</Muted>;
  if (failed) return <ErrorText role="alert" data-testid={testId}>{`${text.differs}：${failed}`}</ErrorText>;
  if (!result) return <Muted role="status" data-testid={testId}>{text.verifying}</Muted>;
  return (
    <p data-testid={testId} data-verified={result.matches ? 'match' : 'mismatch'}>
      <Badge tone={result.matches ? 'success' : 'warning'} data-testid={`${testId}-result`}>
        {result.matches ? text.matches : text.differs}
      </Badge>{' '}
      {result.detail}
    </p>
  );
}

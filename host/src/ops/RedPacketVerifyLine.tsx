import { useEffect, useState } from 'react';
import { Badge } from '@sports/shared';
import { gameAuditCopy } from './gameAuditCopy';
import { ErrorText, Muted } from './opsStyles';
import { checkRedPacketSplit, type SplitCheck, type VerifiablePacket } from './redPacketVerify';

const text = gameAuditCopy.redPackets;

/**
 * 校验 of a finished packet: the seed's SHA-256 against the hash committed at the opening, and the
 * split recomputed from the seed (redPacketVerify.ts) against the stored shares: 一致 / 不一致
 * with what differs. An open packet's seed is not public yet: it is checked once finished.
 */
export function RedPacketVerifyLine({ packet, finished, testId }: { packet: VerifiablePacket; finished: boolean; testId: string }) {
  const [check, setCheck] = useState<SplitCheck | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!finished) return;
    let live = true;
    setCheck(null);
    setFailed(null);
    checkRedPacketSplit(packet).then(
      (result) => live && setCheck(result),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [packet, finished]);

  if (!finished) return <Muted data-testid={testId}>{text.verifyWhenFinished}</Muted>;
  if (failed) return <ErrorText role="alert" data-testid={testId}>{`${text.differs}：${failed}`}</ErrorText>;
  if (!check) return <Muted role="status" data-testid={testId}>{text.verifying}</Muted>;
  const matches = check.hashMatches && check.splitMatches;
  return (
    <p data-testid={testId} data-verified={matches ? 'match' : 'mismatch'}>
      <Badge tone={matches ? 'success' : 'warning'} data-testid={`${testId}-result`}>
        {matches ? text.matches : text.differs}
      </Badge>{' '}
      {text.verifyDetail(check.hashMatches, check.splitMatches, packet.shares)}
      {check.mismatched.length > 0 && `；${text.mismatchedShares(check.mismatched)}`}
    </p>
  );
}

import { useCallback } from 'react';
import { gameAuditCopy } from './gameAuditCopy';
import { checkRedPacketSplit, type VerifiablePacket } from './redPacketVerify';
import { SeedCheckLine } from './SeedCheckLine';

const text = gameAuditCopy.redPackets;

/**
 * 校验 of a finished packet: the seed's SHA-256 against the hash committed at the opening, and the
 * split recomputed from the seed (redPacketVerify.ts) against the stored shares: 一致 / 不一致
 * with what differs. An open packet's seed is not public yet: it is checked once finished.
 */
export function RedPacketVerifyLine({ packet, finished, testId }: { packet: VerifiablePacket; finished: boolean; testId: string }) {
  const run = useCallback(async () => {
    const check = await checkRedPacketSplit(packet);
    const detail = text.verifyDetail(check.hashMatches, check.splitMatches, packet.shares);
    return { matches: check.hashMatches && check.splitMatches, detail: check.mismatched.length > 0 ? `${detail}；${text.mismatchedShares(check.mismatched)}` : detail };
  }, [packet]);
  return <SeedCheckLine ready={finished} waiting={text.verifyWhenFinished} run={run} testId={testId} />;
}

import { useCallback } from 'react';
import { gameAuditCopy } from './gameAuditCopy';
import { checkLotteryDraw, type VerifiableLottery } from './lotteryVerify';
import { SeedCheckLine } from './SeedCheckLine';

const text = gameAuditCopy.lotteries;

/**
 * 校验 of a drawn lottery: the seed's SHA-256 against the hash committed at the opening, and the
 * winners recomputed from the seed and the entrants (lotteryVerify.ts) against those marked won.
 * Before the draw the seed is not public: it is checked once drawn.
 */
export function LotteryVerifyLine({ lottery, drawn, testId }: { lottery: VerifiableLottery; drawn: boolean; testId: string }) {
  const run = useCallback(async () => {
    const check = await checkLotteryDraw(lottery);
    const matches = check.hashMatches && check.winnersMatch;
    const detail = text.verifyDetail(check.hashMatches, check.winnersMatch, lottery.entry_list.length);
    return { matches, detail: matches ? detail : `${detail}；${text.expectedWinners(check.expected)}` };
  }, [lottery]);
  return <SeedCheckLine ready={drawn} waiting={text.verifyWhenDrawn} run={run} testId={testId} />;
}

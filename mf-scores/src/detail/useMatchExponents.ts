import { useCallback, useEffect, useState } from 'react';
import { mergeLiveRows, type ExponentRow, type LiveDataFrame, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';

/**
 * The exponent rows (odds) of one match, every company HTTP answered, then replaced by the
 * socket's exponent frames for this match (code 100 football_exponent / basketball_exponent).
 */
export function useMatchExponents(context: RemoteContext, matchId: number) {
  const [rows, setRows] = useState<ExponentRow[]>([]);

  useEffect(() => {
    let current = true;
    setRows([]);
    scoresApi(context.api)
      .exponent(matchId)
      // Rows the socket sent while HTTP was answering are newer: they stay.
      .then((answered) => current && setRows((live) => mergeLiveRows(answered, { data: live })))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [context.api, matchId]);

  const onFrame = useCallback(
    (frame: LiveDataFrame) => {
      if (frame.type !== 'football_exponent' && frame.type !== 'basketball_exponent') return;
      const mine = frame.data.filter((row) => row.match_id === matchId);
      if (mine.length > 0) setRows((current) => mergeLiveRows(current, { data: mine }));
    },
    [matchId],
  );

  return { exponents: rows, onFrame };
}

import type { DayStats } from './broadcastStats';

/** What uPlot calls to write a series' value in the legend; `dataIdx` null: no day under the cursor. */
export type LegendValue = (self: unknown, raw: number | null, seriesIdx: number, dataIdx: number | null) => string;

/**
 * The records chart's legend, in Chinese, never uPlot's 'Time: --': the x series is 日期 and
 * each series shows the day under the cursor, or the latest day (today) when none is.
 */
export function legendValues(days: readonly DayStats[]): { day: LegendValue; hours: LegendValue; peak: LegendValue } {
  const dayAt = (dataIdx: number | null): DayStats | undefined => days[dataIdx ?? days.length - 1];
  return {
    day: (_self, _raw, _series, dataIdx) => dayAt(dataIdx)?.day ?? '',
    hours: (_self, _raw, _series, dataIdx) => String(dayAt(dataIdx)?.hours ?? 0),
    peak: (_self, _raw, _series, dataIdx) => String(dayAt(dataIdx)?.peakViewers ?? 0),
  };
}

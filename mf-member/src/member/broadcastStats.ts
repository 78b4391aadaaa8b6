import { type BroadcastRecord, chinaDateKey } from '@sports/shared';

/** The records chart covers the last 30 days, today included. */
export const RECORDS_CHART_DAYS = 30;

export interface DayStats {
  /** The day in China time, YYYY-MM-DD. */
  day: string;
  /** Hours on air that day (a broadcast counts on the day it started). */
  hours: number;
  /** The highest peak of that day's broadcasts. */
  peakViewers: number;
}

const DAY_MS = 86_400_000;

export function chinaDay(date: Date): string {
  return chinaDateKey(date);
}

/** How long a broadcast has lasted: its duration, or until `now` while it is on. */
export function broadcastSeconds(record: BroadcastRecord, now: Date): number {
  if (record.duration_seconds !== null) return record.duration_seconds;
  const started = new Date(record.started_at).getTime();
  return Number.isNaN(started) ? 0 : Math.max(0, Math.floor((now.getTime() - started) / 1000));
}

/** One row per day of the last 30 (oldest first, empty days at zero): hours on air and peak viewers. */
export function dailyStats(records: readonly BroadcastRecord[], now: Date = new Date()): DayStats[] {
  const days: DayStats[] = [];
  const byDay = new Map<string, DayStats>();
  for (let back = RECORDS_CHART_DAYS - 1; back >= 0; back -= 1) {
    const day = chinaDay(new Date(now.getTime() - back * DAY_MS));
    if (byDay.has(day)) continue;
    const stats = { day, hours: 0, peakViewers: 0 };
    byDay.set(day, stats);
    days.push(stats);
  }
  for (const record of records) {
    const started = new Date(record.started_at);
    if (Number.isNaN(started.getTime())) continue;
    const stats = byDay.get(chinaDay(started));
    if (!stats) continue;
    stats.hours += broadcastSeconds(record, now) / 3600;
    stats.peakViewers = Math.max(stats.peakViewers, record.peak_viewers);
  }
  for (const stats of days) stats.hours = Math.round(stats.hours * 100) / 100;
  return days;
}

/** The first instant of the chart's window: records that started before it are not charted. */
export function chartWindowStart(now: Date = new Date()): Date {
  const firstDay = chinaDay(new Date(now.getTime() - (RECORDS_CHART_DAYS - 1) * DAY_MS));
  // Midnight in China (UTC+8, no daylight saving).
  return new Date(`${firstDay}T00:00:00+08:00`);
}

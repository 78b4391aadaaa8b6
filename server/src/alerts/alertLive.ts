import type { FanAlert } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { alertAudienceAmong } from './alertAudience';
import { loadAlerts } from './alertRows';

/** An alert this old when heard (a node that was down) is not news on a page any more. */
export const LIVE_ALERT_MAX_AGE_MS = 10 * 60_000;

/** Members written to between two turns of the event loop. */
const WRITE_SLICE = 100;

/** What the live delivery needs of the chat (chatHub). */
export interface AlertPages {
  /** Members with a page's connection (in no room) on this node. */
  membersOutsideRooms(): number[];
  /** One frame for all of them (encoded once). */
  alertOutsideRooms(memberIds: readonly number[], text: string, alert: FanAlert): void;
}

/**
 * The real-time path (alerts/README.md, "On open pages"): every node hears each alert's NOTIFY
 * after the feed's commit and, without waiting for the fan-out job, asks which of ITS members with
 * a page open follow it (one indexed query over this node's connected members, settings obeyed)
 * and writes the alert to their page connections. Answers how many members it reached.
 */
export class AlertLive {
  /** Alerts are delivered in the order they were heard (a kick-off before its goal). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    /** Where this node's pages are: the chat's page connections, and the alert sockets (alertSockets.ts). */
    private readonly pages: readonly AlertPages[],
    private readonly log: FastifyBaseLogger,
  ) {}

  deliver(alertIds: readonly number[]): Promise<number> {
    const run = this.queue.then(() => this.deliverNow(alertIds));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async deliverNow(alertIds: readonly number[]): Promise<number> {
    // Each member once, whichever sockets their pages hold; each source writes to the ones it has.
    const online = [...new Set(this.pages.flatMap((pages) => pages.membersOutsideRooms()))];
    if (online.length === 0 || alertIds.length === 0) return 0;
    let reached = 0;
    for (const row of await loadAlerts(this.db, alertIds)) {
      if (row.createdAt.getTime() < Date.now() - LIVE_ALERT_MAX_AGE_MS) continue;
      const { rows } = await alertAudienceAmong(row, online).execute(this.db);
      const members = rows.map((found) => Number(found.member_id));
      // Slices, the event loop let go between them: the live-data sockets on this process keep answering.
      for (let start = 0; start < members.length; start += WRITE_SLICE) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        const slice = members.slice(start, start + WRITE_SLICE);
        for (const pages of this.pages) pages.alertOutsideRooms(slice, row.alert.title, row.alert);
      }
      reached += members.length;
    }
    if (reached > 0) this.log.debug({ alerts: alertIds.length, reached }, 'alerts: delivered to open pages');
    return reached;
  }
}

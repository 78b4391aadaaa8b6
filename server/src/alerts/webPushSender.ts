import type { Agent } from 'node:https';
import type { FanAlert } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../infra/db/schema';
import { type StoredPushSubscription, pushSubscriptionsOf } from './pushSubscriptions';
import type { VapidKeys } from './vapidKeys';

export interface WebPushOptions {
  keys: VapidKeys;
  subject: string;
  /** Attempts of one push before it is given up (404/410 are never retried). Default 3. */
  attempts?: number;
  /** The first retry's wait; doubled each time. Default 2 s. */
  backoffMs?: number;
  /** Pushes in flight at once. Default 20. */
  concurrency?: number;
  /** Tests: an agent trusting a local stand-in push service's certificate. */
  agent?: Agent;
}

/** A subscription whose push failed this many alerts in a row (not 404/410) is dropped. */
export const PUSH_FAILURES_MAX = 10;

/** The push message (the service worker's `push` handler reads it: host/src/sw/README.md). */
export function pushPayload(alert: FanAlert): string {
  return JSON.stringify({ id: alert.id, kind: alert.kind, title: alert.title, body: alert.body, link: alert.link });
}

/**
 * Web Push delivery (alerts/README.md, "Web Push"): each alert to the subscriptions of the members
 * the fan-out wrote, signed with the site's VAPID key. 404 or 410 from the push service (the
 * browser unsubscribed, the subscription expired): the row is deleted, not retried. Other failures
 * (5xx, 429, a timeout) are retried with backoff, `attempts` times; then the row's `failures` grows,
 * and at PUSH_FAILURES_MAX it is deleted too. Nothing is retried forever.
 */
export class WebPushSender {
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: WebPushOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The VAPID key pair it signs with. */
  get keys(): VapidKeys {
    return this.options.keys;
  }

  /** Pushes the alert to these members' subscriptions; resolves when every push ended. */
  async pushToMembers(memberIds: readonly number[], alert: FanAlert): Promise<void> {
    const subscriptions = await pushSubscriptionsOf(this.db, memberIds);
    const payload = pushPayload(alert);
    const limit = this.options.concurrency ?? 20;
    let next = 0;
    const worker = async () => {
      while (next < subscriptions.length && !this.closed) {
        const subscription = subscriptions[next++];
        if (subscription !== undefined) await this.pushOne(subscription, payload, `alert-${alert.id}`);
      }
    };
    const run = Promise.all(Array.from({ length: Math.min(limit, subscriptions.length) }, worker)).then(() => undefined);
    this.inFlight.add(run);
    try {
      await run;
    } finally {
      this.inFlight.delete(run);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
  }

  private async pushOne(subscription: StoredPushSubscription, payload: string, topic: string): Promise<void> {
    const attempts = this.options.attempts ?? 3;
    let wait = this.options.backoffMs ?? 2_000;
    for (let attempt = 1; ; attempt++) {
      try {
        await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
          vapidDetails: { subject: this.options.subject, publicKey: this.options.keys.publicKey, privateKey: this.options.keys.privateKey },
          TTL: 600,
          timeout: 10_000,
          ...(this.options.agent === undefined ? {} : { agent: this.options.agent }),
          topic: topic.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        });
        if (subscription.failures > 0) await sql`update push_subscription set failures = 0 where id = ${subscription.id} `.execute(this.db);
        return;
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await sql`delete from push_subscription where id = ${subscription.id}`.execute(this.db);
          this.log.info({ subscription: subscription.id, status }, 'alerts: a push subscription is gone; deleted');
          return;
        }
        if (attempt >= attempts || this.closed) {
          await sql`
            with bumped as (update push_subscription set failures = failures + 1 where id = ${subscription.id} returning id, failures)
            delete from push_subscription where id in (select id from bumped where failures >= ${PUSH_FAILURES_MAX})`.execute(this.db);
          this.log.warn({ subscription: subscription.id, status, err: status === undefined ? error : undefined }, 'alerts: a push failed; given up for this alert');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
        wait *= 2;
      }
    }
  }
}

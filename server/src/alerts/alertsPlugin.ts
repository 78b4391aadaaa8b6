import type { Agent } from 'node:https';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { MATCH_MESSAGE_RETENTION_DAYS } from '@sports/shared/server';
import { createBackgroundDatabase } from '../infra/db/backgroundDatabase';
import { poolOf } from '../infra/db/database';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { PeriodicTask } from '../infra/periodicTask';
import { MessageSignals } from '../messages/index';
import { AlertFanout, FANOUT_BATCH, type FanoutBatch } from './alertFanout';
import { AlertLive } from './alertLive';
import { alertSocketRoute } from './alertSocketRoute';
import { AlertSockets } from './alertSockets';
import { type AlertsConfig, defaultAlertsConfig } from './alertsConfig';
import { alertsWorkerRoute } from './alertsServiceWorker';
import { notifyRoutes } from './notifyRoutes';
import { type VapidKeys, vapidKeys } from './vapidKeys';
import { WebPushSender } from './webPushSender';

export interface AlertsPluginOptions {
  db: Kysely<Database>;
  /** VAPID_* (alertsConfig.ts); default a generated key pair kept in the database. */
  config?: AlertsConfig;
  /** Tests and the bench: the fan-out's batch and timer, push retries, the agent trusting a local stand-in push service's certificate. */
  overrides?: { batchSize?: number; fanoutEveryMs?: number; pushBackoffMs?: number; pushAttempts?: number; pushAgent?: Agent };
}

export interface AlertsPort {
  live: AlertLive;
  fanout: AlertFanout;
  /** This node's alert sockets (`/ws/alerts`: pages whose chat is not ours). */
  sockets: AlertSockets;
  /** Runs the fan-out now until nothing is pending (and waits for its pushes); answers the messages written. */
  drain(): Promise<number>;
  /** Called on this node after each fan-out batch (bench and tests). */
  onBatch(listener: (batch: FanoutBatch) => void): () => void;
  /** The site's VAPID key pair (after start). */
  vapid(): VapidKeys;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsPort;
  }
}

/**
 * Alerts that follow the fan (issue 39 part 2; alerts/README.md): every node LISTENs `match_alert`
 * (migration 0044's trigger, after the commit that stored the goal or the broadcast) and alerts the
 * members with a page open on it at once (AlertLive); the fan-out job writes the 赛事 messages in
 * batches and hands each batch to Web Push; `api/Notify/*`.
 */
async function alerts(app: App, options: AlertsPluginOptions): Promise<void> {
  const { db } = options;
  const config = options.config ?? defaultAlertsConfig();
  // This node's pages: the site chat's page connections, and the alert sockets of pages whose chat
  // is another provider's (Tencent IM): an alert reaches a page whatever its chat.
  const sockets = new AlertSockets();
  const live = new AlertLive(db, [app.chatHub, sockets], app.log);
  const pool = poolOf(db);
  // The fan-out's statements run on a connection of their own whose PostgreSQL backend, where the
  // database shares this machine, runs at a lower CPU priority: a 2,000-row insert never holds a
  // core a live-data ping is waiting for (backgroundDatabase.ts; alerts/README.md, "Measured").
  const background = pool === undefined ? null : createBackgroundDatabase(pool, app.log);
  const fanout = new AlertFanout(background?.db ?? db, options.overrides?.batchSize ?? FANOUT_BATCH);
  const signals = pool === undefined ? null : new MessageSignals(pool, app.log, 'match_alert');
  const batchListeners = new Set<(batch: FanoutBatch) => void>();
  let sender: WebPushSender | null = null;
  const pushes = new Set<Promise<void>>();

  // The VAPID keys (and so Web Push) are read when first needed and again after a failure: a
  // database that is down at start-up never keeps the server from starting (GET /healthz says 503).
  // The sender, made from the keys once read, is what the rest reads them from (null before).
  let loadingKeys: Promise<VapidKeys> | null = null;
  const ensureKeys = (): Promise<VapidKeys> => {
    loadingKeys ??= vapidKeys(db, config).then(
      (loaded) => {
        sender = new WebPushSender(db, { keys: loaded, subject: config.vapidSubject, backoffMs: options.overrides?.pushBackoffMs, attempts: options.overrides?.pushAttempts, agent: options.overrides?.pushAgent }, app.log);
        return loaded;
      },
      (error: unknown) => {
        loadingKeys = null;
        throw error;
      },
    );
    return loadingKeys;
  };

  const onBatch = (batch: FanoutBatch) => {
    for (const listener of batchListeners) listener(batch);
    const alert = batch.alert;
    if (alert === null || batch.pushTo.length === 0) return;
    const push = ensureKeys()
      .then(() => sender?.pushToMembers(batch.pushTo, alert))
      .catch((error: unknown) => app.log.warn({ err: error }, 'alerts: pushes failed'));
    pushes.add(push);
    void push.finally(() => pushes.delete(push));
  };
  // One drain at a time on this node; an alert heard during a drain runs it once more after.
  let again = false;
  let draining: Promise<number> | null = null;
  const drain = (): Promise<number> => {
    if (draining !== null) {
      again = true;
      return draining;
    }
    draining = (async () => {
      let total = 0;
      do {
        again = false;
        total += await fanout.drain(onBatch);
      } while (again);
      return total;
    })().finally(() => {
      draining = null;
    });
    return draining;
  };
  const kick = () => void drain().catch((error: unknown) => app.log.warn({ err: error }, 'alerts: the fan-out failed'));
  signals?.onUnread((alertIds) => {
    void live.deliver(alertIds).catch((error: unknown) => app.log.warn({ err: error }, 'alerts: live delivery failed'));
    kick();
  });
  // A restart resumes the fan-out (and a missed NOTIFY is caught up); the alert rows go after 7 days.
  const resume = new PeriodicTask({ everyMs: options.overrides?.fanoutEveryMs ?? 5_000, work: drain, log: app.log, failureMessage: 'alerts: the fan-out failed' });
  const sweep = new PeriodicTask({
    everyMs: 3_600_000,
    work: () => sql`delete from alert_event where created_at < now() - make_interval(days => ${MATCH_MESSAGE_RETENTION_DAYS}) and fanout_done_at is not null`.execute(db),
    log: app.log,
    failureMessage: 'alerts: the sweep failed',
  });

  app.addHook('onReady', async () => {
    await ensureKeys().catch((error: unknown) => app.log.warn({ err: error }, 'alerts: the VAPID keys could not be read yet (is PostgreSQL up?); Web Push starts when they can be'));
    await signals?.start();
    kick();
  });
  // The message centre's badge push reaches the alert sockets too (the chat's page connections have it from the messages plugin).
  const offUnread = app.messages.onUnread((memberIds) => sockets.unread(memberIds));
  app.socketShutdowns.add(async () => sockets.close());
  app.addHook('onClose', async () => {
    offUnread();
    await resume.stop();
    await sweep.stop();
    await signals?.stop();
    await draining?.catch(() => undefined);
    await background?.close();
    await loadingKeys?.catch(() => undefined);
    await sender?.close();
    await Promise.allSettled([...pushes]);
  });
  app.decorate('alerts', {
    live,
    fanout,
    sockets,
    drain: async () => {
      const written = await drain();
      await Promise.allSettled([...pushes]);
      return written;
    },
    onBatch: (listener: (batch: FanoutBatch) => void) => {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
    vapid: () => {
      if (sender === null) throw new Error('alerts: not started');
      return sender.keys;
    },
  });
  await app.register(alertsWorkerRoute);
  await app.register(alertSocketRoute, { sockets });
  await app.register(notifyRoutes, { db, vapid: async () => (await ensureKeys()).publicKey });
}

export const alertsPlugin = fp(alerts, {
  name: 'alerts',
  dependencies: ['accounts', 'chat', 'messages', 'sockets'],
  decorators: { fastify: ['requireLogin', 'chatHub', 'messages', 'socketShutdowns'] },
});

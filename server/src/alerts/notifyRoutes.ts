import { Envelope, NotifySettingsAnswerSchema, NotifySettingsUpdateSchema, PushSubscribeAnswerSchema, PushSubscriptionSchema, PushUnsubscribeSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { sessionOf } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { readNotifySettings, writeNotifySettings } from './notifySettings';
import { checkPushSubscription, countPushSubscriptions, deletePushSubscription, savePushSubscription } from './pushSubscriptions';

/** `api/Notify/*` (issue 39 part 5; alerts/README.md): the member's switches and Web Push subscriptions. */
export async function notifyRoutes(app: App, options: { db: Kysely<Database>; vapid: () => Promise<string> }): Promise<void> {
  const { db } = options;
  const login = { preHandler: app.requireLogin };
  const answer = async (memberId: number) => ({
    settings: await readNotifySettings(db, memberId),
    vapid_public_key: await options.vapid(),
    push_subscriptions: await countPushSubscriptions(db, memberId),
  });

  app.get('/api/Notify/settings', { ...login, schema: { summary: '通知设置: my alert switches (goals, red cards, kick-off/full time, anchor live, system), the VAPID public key for Web Push, my push subscriptions', response: { 200: Envelope(NotifySettingsAnswerSchema) } } }, async (request) =>
    ok(await answer(sessionOf(request).user.id)),
  );

  app.post('/api/Notify/settings', { config: { changesState: true }, ...login, schema: { summary: 'Switch alert kinds on or off (the others kept): an off kind gets no popup, no notification, no push and no 赛事 message', body: NotifySettingsUpdateSchema, response: { 200: Envelope(NotifySettingsAnswerSchema) } } }, async (request) => {
    const memberId = sessionOf(request).user.id;
    await writeNotifySettings(db, memberId, request.body);
    return ok(await answer(memberId));
  });

  app.post('/api/Notify/subscribe', { config: { changesState: true }, ...login, schema: { summary: 'Keep a Web Push subscription (PushSubscription.toJSON()): an https endpoint, p256dh 65 bytes and auth 16 bytes base64url (PUSH_ENDPOINT_INVALID, PUSH_KEYS_INVALID); at most 5 a member (the oldest go)', body: PushSubscriptionSchema, response: { 200: Envelope(PushSubscribeAnswerSchema) } } }, async (request) => {
    checkPushSubscription(request.body);
    return ok({ push_subscriptions: await savePushSubscription(db, sessionOf(request).user.id, request.body) });
  });

  app.post('/api/Notify/unsubscribe', { config: { changesState: true }, ...login, schema: { summary: 'Forget a Web Push subscription of mine (by endpoint; an unknown one changes nothing)', body: PushUnsubscribeSchema, response: { 200: Envelope(PushSubscribeAnswerSchema) } } }, async (request) =>
    ok({ push_subscriptions: await deletePushSubscription(db, sessionOf(request).user.id, request.body.endpoint) }),
  );
}

import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionBody } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { base64UrlBytes } from './alertsConfig';

export interface StoredPushSubscription {
  id: number;
  memberId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Alerts in a row this subscription's push failed (not 404/410). */
  failures: number;
}

/**
 * Checks a browser's PushSubscription (alerts/README.md, "Web Push"): the endpoint an https URL
 * without credentials (every push service is https; web-push speaks nothing else), the keys
 * base64url of the right decoded sizes (p256dh an uncompressed P-256 point of 65 bytes starting
 * 0x04, auth 16 bytes). Throws PUSH_ENDPOINT_INVALID / PUSH_KEYS_INVALID.
 */
export function checkPushSubscription(body: PushSubscriptionBody): void {
  let url: URL;
  try {
    url = new URL(body.endpoint);
  } catch {
    throw errors.PUSH_ENDPOINT_INVALID();
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '') throw errors.PUSH_ENDPOINT_INVALID();
  const p256dh = base64UrlBytes(body.keys.p256dh);
  const auth = base64UrlBytes(body.keys.auth);
  if (p256dh === null || p256dh.length !== 65 || p256dh[0] !== 4 || auth === null || auth.length !== 16) throw errors.PUSH_KEYS_INVALID();
}

/**
 * Keeps the subscription for the member (an endpoint known under another member moves to this
 * one: the same browser, another login). Past PUSH_SUBSCRIPTIONS_MAX the member's oldest go.
 * Answers how many the member has.
 */
export async function savePushSubscription(db: Kysely<Database>, memberId: number, body: PushSubscriptionBody): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`
      insert into push_subscription (member_id, endpoint, p256dh, auth)
      values (${memberId}, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth})
      on conflict (endpoint) do update set member_id = excluded.member_id, p256dh = excluded.p256dh, auth = excluded.auth, failures = 0, created_at = now()`.execute(trx);
    await sql`
      delete from push_subscription where id in (
        select id from push_subscription where member_id = ${memberId} order by created_at desc, id desc offset ${PUSH_SUBSCRIPTIONS_MAX})`.execute(trx);
    return countPushSubscriptions(trx, memberId);
  });
}

export async function deletePushSubscription(db: Kysely<Database>, memberId: number, endpoint: string): Promise<number> {
  await sql`delete from push_subscription where member_id = ${memberId} and endpoint = ${endpoint}`.execute(db);
  return countPushSubscriptions(db, memberId);
}

export async function countPushSubscriptions(db: Kysely<Database>, memberId: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from push_subscription where member_id = ${memberId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The subscriptions of these members (the members a fan-out batch wrote). */
export async function pushSubscriptionsOf(db: Kysely<Database>, memberIds: readonly number[]): Promise<StoredPushSubscription[]> {
  if (memberIds.length === 0) return [];
  const { rows } = await sql<{ id: string; member_id: string; endpoint: string; p256dh: string; auth: string; failures: number }>`
    select id, member_id, endpoint, p256dh, auth, failures from push_subscription where member_id = any(${memberIds.map(String)}::bigint[])`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), memberId: Number(row.member_id), endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, failures: row.failures }));
}

import { type Kysely, sql } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../infra/db/schema';
import type { AlertsConfig } from './alertsConfig';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The site's VAPID key pair: the configured one, else the one kept in `vapid_key`, else a new one
 * generated and kept there (the first node to write it wins; every node then reads the same).
 */
export async function vapidKeys(db: Kysely<Database>, config: AlertsConfig): Promise<VapidKeys> {
  if (config.vapid !== null) return config.vapid;
  const generated = webpush.generateVAPIDKeys();
  await sql`insert into vapid_key (id, public_key, private_key) values (1, ${generated.publicKey}, ${generated.privateKey}) on conflict (id) do nothing`.execute(db);
  const { rows } = await sql<{ public_key: string; private_key: string }>`select public_key, private_key from vapid_key where id = 1`.execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('alerts: the VAPID key could not be kept');
  return { publicKey: row.public_key, privateKey: row.private_key };
}

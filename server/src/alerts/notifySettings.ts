import { NOTIFY_SWITCHES, type NotifySettings, type NotifySettingsUpdate } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';

export const DEFAULT_NOTIFY_SETTINGS: NotifySettings = { goals: true, red_cards: true, match_status: true, anchor_live: true, system: true };

/** A member's notification switches (notify_setting; no row: all on). */
export async function readNotifySettings(db: Kysely<Database>, memberId: number): Promise<NotifySettings> {
  const { rows } = await sql<NotifySettings>`select goals, red_cards, match_status, anchor_live, system from notify_setting where member_id = ${memberId}`.execute(db);
  return rows[0] ?? { ...DEFAULT_NOTIFY_SETTINGS };
}

/** Changes the given switches (the others kept); answers all of them. */
export async function writeNotifySettings(db: Kysely<Database>, memberId: number, update: NotifySettingsUpdate): Promise<NotifySettings> {
  const next = { ...(await readNotifySettings(db, memberId)) };
  for (const name of NOTIFY_SWITCHES) {
    const value = update[name];
    if (value !== undefined) next[name] = value;
  }
  await sql`
    insert into notify_setting (member_id, goals, red_cards, match_status, anchor_live, system, updated_at)
    values (${memberId}, ${next.goals}, ${next.red_cards}, ${next.match_status}, ${next.anchor_live}, ${next.system}, now())
    on conflict (member_id) do update set goals = excluded.goals, red_cards = excluded.red_cards, match_status = excluded.match_status,
      anchor_live = excluded.anchor_live, system = excluded.system, updated_at = now()`.execute(db);
  return next;
}

import type { MessageTab } from '@sports/shared/server';
import { type RawBuilder, type Transaction, sql } from 'kysely';
import type { Database } from '../infra/db/schema';

/**
 * How a domain tells a member something (messages/README.md, "Writing a message"): one row per
 * event per recipient, written in the event's own transaction, so the message exists exactly when
 * the event does. The insert runs under a savepoint: a message that cannot be written is dropped
 * and the event's transaction goes on (a message never blocks or undoes the event). The unique
 * (member, event_key) makes an event told twice one row. The trigger of migration 0042 tells the
 * messages plugin after the commit (NOTIFY), which pushes the new unread count to open pages.
 */

/** Title and body bounds (the table's checks): longer texts are cut, never refused. */
const TITLE_MAX = 60;
const BODY_MAX = 300;

export interface NewMessage {
  memberId: number;
  tab: MessageTab;
  /** What happened: anchor_approved, reply, post_like, new_follower … (at most 40 characters). */
  kind: string;
  title: string;
  body: string;
  /** A page of the site (`#/…`), or null. */
  link: string | null;
  /** Names the event for this recipient (unique per member): `post_comment:42`. */
  eventKey: string;
  /** Who caused it: nobody is told of their own action (a reply to one's own post). */
  actorId?: number | null;
}

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

let savepoints = 0;

/** Writes the message in `trx` (the event's transaction). Answers whether a row was written. */
export async function tellMember(trx: Transaction<Database>, message: NewMessage): Promise<boolean> {
  if (message.actorId !== undefined && message.actorId !== null && message.actorId === message.memberId) return false;
  const savepoint = sql.raw(`member_message_${++savepoints % 1_000_000}`);
  await sql`savepoint ${savepoint}`.execute(trx);
  try {
    const written = await sql`
      insert into member_message (member_id, tab, kind, title, body, link, event_key)
      values (${message.memberId}, ${message.tab}, ${message.kind}, ${cut(message.title, TITLE_MAX)}, ${cut(message.body, BODY_MAX)}, ${message.link}, ${message.eventKey})
      on conflict (member_id, event_key) do nothing`.execute(trx);
    await sql`release savepoint ${savepoint}`.execute(trx);
    return Number(written.numAffectedRows ?? 0n) > 0;
  } catch {
    await sql`rollback to savepoint ${savepoint}`.execute(trx);
    return false;
  }
}

/**
 * Set-based: `rows` is a SELECT answering (member_id, tab, kind, title, body, link, event_key) in
 * that order, one row per recipient; all are written by one INSERT … SELECT (a settlement of
 * 100,000 stakes is one statement, never a loop). Texts must already fit (60 / 300 characters).
 */
export async function tellMembersSelect(trx: Transaction<Database>, rows: RawBuilder<unknown>): Promise<number> {
  const savepoint = sql.raw(`member_message_${++savepoints % 1_000_000}`);
  await sql`savepoint ${savepoint}`.execute(trx);
  try {
    const written = await sql`
      insert into member_message (member_id, tab, kind, title, body, link, event_key)
      ${rows}
      on conflict (member_id, event_key) do nothing`.execute(trx);
    await sql`release savepoint ${savepoint}`.execute(trx);
    return Number(written.numAffectedRows ?? 0n);
  } catch {
    await sql`rollback to savepoint ${savepoint}`.execute(trx);
    return 0;
  }
}

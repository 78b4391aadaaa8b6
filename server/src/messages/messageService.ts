import { MATCH_MESSAGE_RETENTION_DAYS, MESSAGE_PAGE_SIZE, type MemberMessage, type MessageList, type MessageTab, type MessageUnreadCount } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';

interface MessageRow {
  id: string | number;
  tab: MessageTab;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

function toMessage(row: MessageRow): MemberMessage {
  return { id: Number(row.id), tab: row.tab, kind: row.kind, title: row.title, body: row.body, link: row.link, created_at: row.created_at.toISOString(), read: row.read_at !== null };
}

/** A member's messages: the tabs' lists, the unread counts, marking read (messages/README.md). */
export class MessageService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first, MESSAGE_PAGE_SIZE a page; `cursor`: the previous page's next_cursor (one of my messages in this tab). */
  async list(memberId: number, tab: MessageTab, cursor: number | undefined): Promise<MessageList> {
    if (cursor !== undefined) {
      const known = await sql`select 1 from member_message where id = ${cursor} and member_id = ${memberId} and tab = ${tab}`.execute(this.db);
      if (known.rows.length === 0) throw errors.MESSAGE_CURSOR_UNKNOWN();
    }
    const { rows } = await sql<MessageRow>`
      select id, tab, kind, title, body, link, created_at, read_at from member_message
      where member_id = ${memberId} and tab = ${tab} ${cursor === undefined ? sql`` : sql`and id < ${cursor}`}
      order by id desc limit ${MESSAGE_PAGE_SIZE + 1}`.execute(this.db);
    const page = rows.slice(0, MESSAGE_PAGE_SIZE).map(toMessage);
    return { list: page, next_cursor: rows.length > MESSAGE_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null };
  }

  async unreadCount(memberId: number): Promise<MessageUnreadCount> {
    const { rows } = await sql<{ tab: MessageTab; n: string }>`
      select tab, count(*) as n from member_message where member_id = ${memberId} and read_at is null group by tab`.execute(this.db);
    const counts: MessageUnreadCount = { total: 0, system: 0, interaction: 0, match: 0 };
    for (const row of rows) {
      counts[row.tab] = Number(row.n);
      counts.total += Number(row.n);
    }
    return counts;
  }

  /** Marks my messages `ids` read; any id that is not one of mine (unknown, another member's) refuses them all. */
  async read(memberId: number, ids: number[]): Promise<MessageUnreadCount> {
    const unique = [...new Set(ids)];
    await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string; read_at: Date | null }>`
        select id, read_at from member_message where member_id = ${memberId} and id = any(${unique}::bigint[]) for update`.execute(trx);
      if (rows.length !== unique.length) throw errors.MESSAGE_NOT_FOUND();
      const unread = rows.filter((row) => row.read_at === null).map((row) => Number(row.id));
      if (unread.length > 0) await sql`update member_message set read_at = now() where id = any(${unread}::bigint[])`.execute(trx);
    });
    return this.unreadCount(memberId);
  }

  /** Every unread message of mine read (of one tab when given). */
  async readAll(memberId: number, tab: MessageTab | undefined): Promise<MessageUnreadCount> {
    await sql`
      update member_message set read_at = now() where member_id = ${memberId} and read_at is null ${tab === undefined ? sql`` : sql`and tab = ${tab}`}`.execute(this.db);
    return this.unreadCount(memberId);
  }

  /** The retention sweep: 赛事 messages older than MATCH_MESSAGE_RETENTION_DAYS, a batch at a time. Answers how many went. */
  async sweepMatchMessages(batch = 5000): Promise<number> {
    let removed = 0;
    for (;;) {
      const result = await sql`
        delete from member_message where id in (
          select id from member_message where tab = 'match' and created_at < now() - make_interval(days => ${MATCH_MESSAGE_RETENTION_DAYS}) limit ${batch})`.execute(this.db);
      const n = Number(result.numAffectedRows ?? 0n);
      removed += n;
      if (n < batch) return removed;
    }
  }
}

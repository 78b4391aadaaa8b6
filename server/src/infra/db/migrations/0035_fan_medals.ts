import { type Kysely, sql } from 'kysely';

/**
 * Fan medals (粉丝勋章, issue 35; server/src/fanMedals/README.md).
 *
 * - `fan_medal`: a member's intimacy with an anchor (one row per pair, created by the first gift
 *   or guard), the coins of gifts and guards counted so far (intimacy from them is
 *   floor(coins / 10), the remainder carrying over), the last interaction (greys after 7 days),
 *   and the China day's counters of watch ticks and chat lines (reset when `day` changes).
 * - `fan_medal_name`: the anchor's medal name (2-4 characters; the word filter is the app's).
 * - `fan_medal_worn`: the one medal a member wears (a foreign key to their own medal row).
 * - Gifts and guards add intimacy in their own transaction: a trigger on `gift_send` and
 *   `guard_purchase` inserts (a retried send with its key inserts no row, so it never counts twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fan_medal (
      member_id bigint not null references app_user(id) on delete cascade,
      anchor_id bigint not null references app_user(id) on delete cascade,
      intimacy bigint not null default 0 check (intimacy >= 0),
      gift_coins bigint not null default 0 check (gift_coins >= 0),
      day date,
      watch_today integer not null default 0 check (watch_today >= 0),
      chat_today integer not null default 0 check (chat_today >= 0),
      last_watch_at timestamptz,
      last_interaction_at timestamptz not null,
      created_at timestamptz not null,
      primary key (member_id, anchor_id),
      check (member_id <> anchor_id)
    )`.execute(db);
  // The fans list (粉丝榜): top by intimacy per anchor, keyset on (intimacy, member_id).
  await sql`create index fan_medal_fans on fan_medal (anchor_id, intimacy desc, member_id)`.execute(db);
  await sql`
    create table fan_medal_name (
      anchor_id bigint primary key references app_user(id) on delete cascade,
      name text not null check (char_length(name) between 2 and 4),
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table fan_medal_worn (
      member_id bigint primary key,
      anchor_id bigint not null,
      worn_at timestamptz not null,
      foreign key (member_id, anchor_id) references fan_medal(member_id, anchor_id) on delete cascade
    )`.execute(db);
  // 1 intimacy per 10 coins of gifts and guards, summed per pair (10 one-coin gifts make 1).
  await sql`
    create function fan_medal_add_coins(p_member bigint, p_anchor bigint, p_coins bigint, p_at timestamptz) returns void language plpgsql as $$
    begin
      if p_coins <= 0 or p_member = p_anchor then return; end if;
      insert into fan_medal as f (member_id, anchor_id, intimacy, gift_coins, last_interaction_at, created_at)
        values (p_member, p_anchor, p_coins / 10, p_coins, p_at, p_at)
        on conflict (member_id, anchor_id) do update
          set intimacy = f.intimacy + (f.gift_coins + p_coins) / 10 - f.gift_coins / 10,
              gift_coins = f.gift_coins + p_coins,
              last_interaction_at = greatest(f.last_interaction_at, p_at);
    end $$`.execute(db);
  await sql`
    create function fan_medal_gift_sent() returns trigger language plpgsql as $$
    begin
      perform fan_medal_add_coins(new.sender_id, new.anchor_id, new.coins, new.created_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger fan_medal_gift_sent after insert on gift_send for each row execute function fan_medal_gift_sent()`.execute(db);
  await sql`
    create function fan_medal_guard_bought() returns trigger language plpgsql as $$
    begin
      perform fan_medal_add_coins(new.user_id, new.anchor_id, new.coins, new.created_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger fan_medal_guard_bought after insert on guard_purchase for each row execute function fan_medal_guard_bought()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists fan_medal_guard_bought on guard_purchase`.execute(db);
  await sql`drop trigger if exists fan_medal_gift_sent on gift_send`.execute(db);
  await sql`drop function if exists fan_medal_guard_bought()`.execute(db);
  await sql`drop function if exists fan_medal_gift_sent()`.execute(db);
  await sql`drop function if exists fan_medal_add_coins(bigint, bigint, bigint, timestamptz)`.execute(db);
  await sql`drop table if exists fan_medal_worn`.execute(db);
  await sql`drop table if exists fan_medal_name`.execute(db);
  await sql`drop table if exists fan_medal`.execute(db);
}

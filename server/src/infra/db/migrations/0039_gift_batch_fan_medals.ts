import { type Kysely, sql } from 'kysely';
import * as giftBatchesSetBased0025 from './0025_gift_batches_set_based';

/**
 * Gift batches, round four (issue 35, bench/gifts/README.md): the fan medals' intimacy from gifts
 * (migration 0035) moves from the per-row trigger `fan_medal_gift_sent` on `gift_send` into
 * `wallet_gift_send_batch` itself, applied once per (member, anchor) pair of the batch by one
 * INSERT ... ON CONFLICT over the batch's sends, in the batch's transaction as before. Same rule
 * (1 intimacy per 10 coins summed per pair, the remainder carried over, the last interaction moved),
 * same guarantees: a refused send adds nothing (it inserts no row and is not summed), a retried key
 * adds nothing (it never reaches the sum), the batch and its medals commit or roll back together.
 * The function is otherwise 0025's (same arguments, same answer). Guards keep their trigger on
 * `guard_purchase`. Nothing else inserts `gift_send` (the function is its one writer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function wallet_gift_send_batch(
      p_sender bigint[], p_room bigint[], p_gift integer[], p_count integer[], p_key text[],
      p_order_no text[], p_at timestamptz[], p_share integer, p_hot_shards integer)
    returns table (
      ord integer, status text, record_id bigint, gift_id integer, count integer, coins bigint,
      balance bigint, created_at timestamptz, room_id bigint, anchor_id bigint, sender_nickname text,
      gift_name text, gift_icon text, gift_tier smallint, gift_combo boolean)
    language plpgsql
    -- Plans made once per connection: left to choose, PostgreSQL planned the driving query and the
    -- INSERTs over unnest afresh on every call (their custom plans looked cheaper than a generic
    -- one that guesses 100 elements an array), which cost more than a small batch's work.
    set plan_cache_mode = force_generic_plan
    as $fn$
    #variable_conflict use_column
    declare
      s record;
      v_first gift_send%rowtype;
      v_coins bigint;
      v_anchor_coins bigint;
      v_platform_coins bigint;
      v_balance bigint;
      v_set_id bigint;
      v_set_at timestamptz;
      v_anchor_account bigint;
      v_platform_account bigint;
      v_reference text;
      v_legs text;
      v_record bigint;
      v_at integer;
      v_member_ids bigint[] := '{}';
      v_member_balance bigint[] := '{}';
      v_member_exp bigint[] := '{}';
      v_credit_accounts bigint[] := '{}';
      v_credit_amounts bigint[] := '{}';
      v_platform_total bigint := 0;
      v_account bigint;
      v_amount bigint;
      v_shards integer;
      -- The legs of the batch (inserted after the loop).
      t_set bigint[] := '{}';
      t_debit bigint[] := '{}';
      t_credit bigint[] := '{}';
      t_amount bigint[] := '{}';
      t_reference text[] := '{}';
      t_at timestamptz[] := '{}';
      -- The orders of the batch (inserted after the loop).
      o_no text[] := '{}';
      o_user bigint[] := '{}';
      o_coins bigint[] := '{}';
      o_subject text[] := '{}';
      o_key text[] := '{}';
      o_set bigint[] := '{}';
      o_at timestamptz[] := '{}';
      -- The fan medals' coins of the batch, one entry a send (summed per pair after the loop).
      m_member bigint[] := '{}';
      m_anchor bigint[] := '{}';
      m_coins bigint[] := '{}';
      m_at timestamptz[] := '{}';
    begin
      if p_share < 0 or p_share > 100 or p_hot_shards < 1 then
        raise exception 'wallet_gift_send_batch: bad share % or hot shards %', p_share, p_hot_shards;
      end if;
      select a.id into v_platform_account from ledger_account a where a.kind = 'platform_revenue' and a.owner_id is null;
      if not found then raise exception 'wallet_gift_send_batch: no platform_revenue account'; end if;

      for s in
        select x.ord::integer as ord, x.sender, x.room, x.gift, x.cnt, x.key, x.order_no, x.at, a.id as account_id,
               r.id as room_found, r.owner_id, g.id as gift_found, g.price, g.name as g_name, g.icon as g_icon,
               g.tier as g_tier, g.combo as g_combo, aa.id as anchor_account, u.user_nickname as nickname,
               count(*) over (partition by x.sender, x.key) as key_uses,
               f.id as f_id, f.room_id as f_room, f.gift_id as f_gift, f.count as f_count, f.coins as f_coins,
               f.balance_after as f_balance, f.created_at as f_created
        -- Each lookup a LATERAL subquery with LIMIT 1 (each matches one row at most), which the planner
        -- cannot flatten: an index probe per send. Joined plainly (or LATERAL without the LIMIT) it
        -- hashed the whole of gift_send, app_user and live_room for every batch.
        from unnest(p_sender, p_room, p_gift, p_count, p_key, p_order_no, p_at) with ordinality as x(sender, room, gift, cnt, key, order_no, at, ord)
        left join lateral (select a.id from ledger_account a where a.kind = 'member_coins' and a.owner_id = x.sender limit 1) a on true
        left join lateral (select r.id, r.owner_id from live_room r where r.id = x.room limit 1) r on true
        left join lateral (select g.id, g.price, g.name, g.icon, g.tier, g.combo from gift g where g.id = x.gift and g.enabled limit 1) g on true
        left join lateral (select aa.id from ledger_account aa where aa.kind = 'anchor_earnings' and aa.owner_id = r.owner_id limit 1) aa on true
        left join lateral (select u.user_nickname from app_user u where u.id = x.sender limit 1) u on true
        left join lateral (select f.* from gift_send f where f.sender_id = x.sender and f.idempotency_key = x.key limit 1) f on true
        order by a.id nulls first, x.ord
      loop
        ord := s.ord;
        status := null; record_id := null; gift_id := s.gift; count := s.cnt; coins := null; balance := null;
        created_at := null; room_id := s.room; anchor_id := null; sender_nickname := null;
        gift_name := null; gift_icon := null; gift_tier := null; gift_combo := null;

        -- 1. A retry (of an earlier batch: joined above; or earlier in this one: looked up again).
        if s.key_uses > 1 then
          select * into v_first from gift_send g where g.sender_id = s.sender and g.idempotency_key = s.key;
          if found then
            if v_first.room_id <> s.room or v_first.gift_id <> s.gift or v_first.count <> s.cnt then
              status := 'reused';
            else
              status := 'replayed'; record_id := v_first.id; coins := v_first.coins; balance := v_first.balance_after; created_at := v_first.created_at;
            end if;
            return next; continue;
          end if;
        elsif s.f_id is not null then
          if s.f_room <> s.room or s.f_gift <> s.gift or s.f_count <> s.cnt then
            status := 'reused';
          else
            status := 'replayed'; record_id := s.f_id; coins := s.f_coins; balance := s.f_balance; created_at := s.f_created;
          end if;
          return next; continue;
        end if;

        -- 2. Room and gift.
        if s.room_found is null then status := 'room_not_found'; return next; continue; end if;
        if s.owner_id = s.sender then status := 'own_room'; return next; continue; end if;
        if s.gift_found is null then status := 'gift_not_found'; return next; continue; end if;

        v_coins := s.price::bigint * s.cnt;
        v_anchor_coins := (v_coins * p_share) / 100;
        v_platform_coins := v_coins - v_anchor_coins;

        -- 3. The sender's coins, for this send only.
        if s.account_id is null then status := 'insufficient'; return next; continue; end if;
        update ledger_balance b set balance = b.balance - v_coins
          where b.account_id = s.account_id and b.shard = 0 and b.balance >= v_coins
          returning b.balance into v_balance;
        if not found then status := 'insufficient'; return next; continue; end if;

        -- 4. The transfer set (ledger.ts transferFingerprint: the same canonical JSON).
        v_reference := 'room:' || s.room || ':gift:' || s.gift || ':x' || s.cnt;
        v_legs := '';
        if v_anchor_coins > 0 then v_legs := '["member_coins:' || s.sender || '","anchor_earnings:' || s.owner_id || '",' || v_anchor_coins || ']'; end if;
        if v_platform_coins > 0 then
          v_legs := v_legs || case when v_legs = '' then '' else ',' end || '["member_coins:' || s.sender || '","platform_revenue",' || v_platform_coins || ']';
        end if;
        insert into ledger_transfer_set (idempotency_key, kind, reference, fingerprint)
          values ('gift:' || s.sender || ':' || s.key, 'gift', v_reference,
                  encode(sha256(convert_to('{"kind":"gift","reference":"' || v_reference || '","legs":[' || v_legs || ']}', 'UTF8')), 'hex'))
          on conflict (idempotency_key) do nothing
          returning id, ledger_transfer_set.created_at into v_set_id, v_set_at;
        if not found then
          -- Applied by another transaction meanwhile: give the debit back, answer its send.
          update ledger_balance b set balance = b.balance + v_coins where b.account_id = s.account_id and b.shard = 0;
          select * into v_first from gift_send g where g.sender_id = s.sender and g.idempotency_key = s.key;
          if found and v_first.room_id = s.room and v_first.gift_id = s.gift and v_first.count = s.cnt then
            status := 'replayed'; record_id := v_first.id; coins := v_first.coins; balance := v_first.balance_after; created_at := v_first.created_at;
          else
            status := 'reused';
          end if;
          return next; continue;
        end if;

        -- 5. The anchor's earnings account (joined above; else created on first use, its shard rows at 0 as ledger.ts does).
        v_anchor_account := s.anchor_account;
        if v_anchor_account is null then
          select a.id into v_anchor_account from ledger_account a where a.kind = 'anchor_earnings' and a.owner_id = s.owner_id;
          if not found then
            insert into ledger_account (kind, owner_id, shards) values ('anchor_earnings', s.owner_id, p_hot_shards)
              on conflict (kind, owner_id) where owner_id is not null do nothing
              returning id into v_anchor_account;
            if found then
              insert into ledger_balance (account_id, shard, kind, balance)
                select v_anchor_account, g, 'anchor_earnings', 0 from generate_series(0, p_hot_shards - 1) g;
            else
              select a.id into v_anchor_account from ledger_account a where a.kind = 'anchor_earnings' and a.owner_id = s.owner_id;
            end if;
          end if;
        end if;

        if v_anchor_coins > 0 then
          t_set := t_set || v_set_id; t_debit := t_debit || s.account_id; t_credit := t_credit || v_anchor_account;
          t_amount := t_amount || v_anchor_coins; t_reference := t_reference || v_reference; t_at := t_at || v_set_at;
        end if;
        if v_platform_coins > 0 then
          t_set := t_set || v_set_id; t_debit := t_debit || s.account_id; t_credit := t_credit || v_platform_account;
          t_amount := t_amount || v_platform_coins; t_reference := t_reference || v_reference; t_at := t_at || v_set_at;
        end if;
        insert into gift_send (sender_id, room_id, anchor_id, gift_id, count, coins, anchor_coins, platform_coins, balance_after, idempotency_key, transfer_set_id, created_at)
          values (s.sender, s.room, s.owner_id, s.gift, s.cnt, v_coins, v_anchor_coins, v_platform_coins, v_balance, s.key, v_set_id, s.at)
          returning id into v_record;
        o_no := o_no || s.order_no; o_user := o_user || s.sender; o_coins := o_coins || -v_coins;
        o_subject := o_subject || (s.g_name || ' x' || s.cnt); o_key := o_key || s.key; o_set := o_set || v_set_id; o_at := o_at || s.at;
        m_member := m_member || s.sender; m_anchor := m_anchor || s.owner_id; m_coins := m_coins || v_coins; m_at := m_at || s.at;

        -- What the batch applies once: the credits, the displayed balances, the exp.
        if v_anchor_coins > 0 then
          v_at := array_position(v_credit_accounts, v_anchor_account);
          if v_at is null then
            v_credit_accounts := v_credit_accounts || v_anchor_account; v_credit_amounts := v_credit_amounts || v_anchor_coins;
          else
            v_credit_amounts[v_at] := v_credit_amounts[v_at] + v_anchor_coins;
          end if;
        end if;
        v_platform_total := v_platform_total + v_platform_coins;
        v_at := array_position(v_member_ids, s.sender);
        if v_at is null then
          v_member_ids := v_member_ids || s.sender; v_member_balance := v_member_balance || v_balance; v_member_exp := v_member_exp || v_coins;
        else
          v_member_balance[v_at] := v_balance; v_member_exp[v_at] := v_member_exp[v_at] + v_coins;
        end if;

        status := 'sent'; record_id := v_record; coins := v_coins; balance := v_balance; created_at := s.at; anchor_id := s.owner_id;
        sender_nickname := s.nickname;
        gift_name := s.g_name; gift_icon := s.g_icon; gift_tier := s.g_tier; gift_combo := s.g_combo;
        return next;
      end loop;

      -- The legs and the orders of the batch, in the order the loop applied them.
      insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference, created_at)
        select t.set_id, t.debit, t.credit, t.amount, 'gift', t.reference, t.at
        from unnest(t_set, t_debit, t_credit, t_amount, t_reference, t_at) with ordinality as t(set_id, debit, credit, amount, reference, at, n)
        order by t.n;
      insert into wallet_order (order_no, user_id, type, state, amount_fen, coins, subject, idempotency_key, fingerprint, transfer_set_id, paid_at, created_at)
        select o.order_no, o.user_id, 'gift', 'paid', null, o.coins, o.subject, o.key, 'ledger:' || o.set_id, o.set_id, o.at, o.at
        from unnest(o_no, o_user, o_coins, o_subject, o_key, o_set, o_at) with ordinality as o(order_no, user_id, coins, subject, key, set_id, at, n)
        order by o.n;

      -- Fan medals (migration 0035's rule, applied once per pair instead of by a trigger per row):
      -- 1 intimacy per 10 coins summed per member and anchor, the remainder carried over. Summing
      -- first gives the same intimacy as adding each send in turn (the floors telescope).
      insert into fan_medal as f (member_id, anchor_id, intimacy, gift_coins, last_interaction_at, created_at)
        -- sum() of bigint is numeric: cast back before dividing (integer division, as 0035's).
        select m.member, m.anchor, sum(m.coins)::bigint / 10, sum(m.coins)::bigint, max(m.at), min(m.at)
        from unnest(m_member, m_anchor, m_coins, m_at) as m(member, anchor, coins, at)
        where m.member <> m.anchor
        group by m.member, m.anchor
        having sum(m.coins) > 0
        order by m.member, m.anchor
        on conflict (member_id, anchor_id) do update
          set intimacy = f.intimacy + (f.gift_coins + excluded.gift_coins) / 10 - f.gift_coins / 10,
              gift_coins = f.gift_coins + excluded.gift_coins,
              last_interaction_at = greatest(f.last_interaction_at, excluded.last_interaction_at);

      -- The credits, summed per account, in account id order: a free shard row (SKIP LOCKED), else one at random (may wait).
      if v_platform_total > 0 then
        v_credit_accounts := v_credit_accounts || v_platform_account; v_credit_amounts := v_credit_amounts || v_platform_total;
      end if;
      for v_account, v_amount in
        select c.account, c.amount from unnest(v_credit_accounts, v_credit_amounts) as c(account, amount) order by c.account
      loop
        update ledger_balance b set balance = b.balance + v_amount
          where b.account_id = v_account and b.shard = (
            select f.shard from ledger_balance f where f.account_id = v_account order by random() limit 1 for update skip locked);
        if not found then
          select a.shards into v_shards from ledger_account a where a.id = v_account;
          insert into ledger_balance (account_id, shard, kind, balance)
            select v_account, floor(random() * v_shards)::integer, a.kind, v_amount from ledger_account a where a.id = v_account
            on conflict (account_id, shard) do update set balance = ledger_balance.balance + excluded.balance;
        end if;
      end loop;

      -- The displayed balance (the ledger's own answer, never += delta) and the exp, by member id.
      for v_account, v_balance, v_amount in
        select m.id, m.balance, m.exp from unnest(v_member_ids, v_member_balance, v_member_exp) as m(id, balance, exp) order by m.id
      loop
        update app_user u set balance = v_balance, exp = least(u.exp::bigint + v_amount, 2147483647) where u.id = v_account;
      end loop;
    end
    $fn$`.execute(db);
  await sql`drop trigger if exists fan_medal_gift_sent on gift_send`.execute(db);
  await sql`drop function if exists fan_medal_gift_sent()`.execute(db);
}

/** Back to 0025's function and 0035's trigger. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await giftBatchesSetBased0025.up(db);
  await sql`
    create function fan_medal_gift_sent() returns trigger language plpgsql as $$
    begin
      perform fan_medal_add_coins(new.sender_id, new.anchor_id, new.coins, new.created_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger fan_medal_gift_sent after insert on gift_send for each row execute function fan_medal_gift_sent()`.execute(db);
}

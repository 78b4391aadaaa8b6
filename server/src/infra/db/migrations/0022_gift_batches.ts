import { type Kysely, sql } from 'kysely';

/**
 * Gift batches (issue 13, gift throughput; server/src/wallet/README.md, "Gifts", and
 * bench/gifts/README.md): `wallet_gift_send_batch`, one call that applies many gift sends in the
 * caller's one transaction (one round trip, one commit for the whole batch: `wallet/gifts/giftBatcher.ts`).
 *
 * The arrays are parallel, one element per send: sender, room, gift, count, the member's
 * Idempotency-Key, the order number (made by the server: orders.ts `newOrderNo`) and the app
 * clock's time. Each send, in the order (sender's coin account id, position), so two batches lock
 * members' rows in one global order:
 * 1. an earlier `gift_send` of (sender, key): the same room, gift and count → `replayed` (its
 *    record), else → `reused`; this runs first, so a retry is answered whatever changed since;
 * 2. the room (`room_not_found`), not the sender's own (`own_room`), an enabled gift (`gift_not_found`);
 * 3. the debit of the sender's coins `WHERE balance >= coins` (`insufficient`: this send only);
 * 4. the transfer set `gift:<sender>:<key>` with the fingerprint ledger.ts `transferFingerprint`
 *    computes (the same JSON, sha256); a set another transaction committed meanwhile (another
 *    server node) gives the debit back and answers as in 1;
 * 5. the transfers (sender → anchor's earnings, sender → platform revenue; a zero leg left out,
 *    the anchor floor(coins × share / 100), the platform the rest), the `gift_send` row, the order.
 * Then, once per batch: the credits summed per anchor account and for the platform (one shard row
 * each, a free one first: `FOR UPDATE SKIP LOCKED`, as ledger.ts), and per member (by id) the
 * displayed balance (the last debit's answer) and the exp (+1 per coin, capped like levels'
 * `addExp`). Each balance still equals the sum of its transfers when the transaction commits.
 * Any error aborts the whole call (and the caller's transaction): nothing is half-applied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function wallet_gift_send_batch(
      p_sender bigint[], p_room bigint[], p_gift integer[], p_count integer[], p_key text[],
      p_order_no text[], p_at timestamptz[], p_share integer, p_hot_shards integer)
    returns table (
      ord integer, status text, record_id bigint, gift_id integer, count integer, coins bigint,
      balance bigint, created_at timestamptz, room_id bigint, anchor_id bigint, sender_nickname text,
      gift_name text, gift_icon text, gift_tier smallint, gift_combo boolean)
    language plpgsql
    as $fn$
    #variable_conflict use_column
    declare
      s record;
      v_first gift_send%rowtype;
      v_gift gift%rowtype;
      v_owner bigint;
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
    begin
      if p_share < 0 or p_share > 100 or p_hot_shards < 1 then
        raise exception 'wallet_gift_send_batch: bad share % or hot shards %', p_share, p_hot_shards;
      end if;
      select a.id into v_platform_account from ledger_account a where a.kind = 'platform_revenue' and a.owner_id is null;
      if not found then raise exception 'wallet_gift_send_batch: no platform_revenue account'; end if;

      for s in
        select x.ord::integer as ord, x.sender, x.room, x.gift, x.cnt, x.key, x.order_no, x.at, a.id as account_id
        from unnest(p_sender, p_room, p_gift, p_count, p_key, p_order_no, p_at) with ordinality as x(sender, room, gift, cnt, key, order_no, at, ord)
        left join ledger_account a on a.kind = 'member_coins' and a.owner_id = x.sender
        order by a.id nulls first, x.ord
      loop
        ord := s.ord;
        status := null; record_id := null; gift_id := s.gift; count := s.cnt; coins := null; balance := null;
        created_at := null; room_id := s.room; anchor_id := null; sender_nickname := null;
        gift_name := null; gift_icon := null; gift_tier := null; gift_combo := null;

        -- 1. A retry (of an earlier batch, or earlier in this one).
        select * into v_first from gift_send g where g.sender_id = s.sender and g.idempotency_key = s.key;
        if found then
          if v_first.room_id <> s.room or v_first.gift_id <> s.gift or v_first.count <> s.cnt then
            status := 'reused';
          else
            status := 'replayed'; record_id := v_first.id; coins := v_first.coins; balance := v_first.balance_after; created_at := v_first.created_at;
          end if;
          return next; continue;
        end if;

        -- 2. Room and gift.
        select r.owner_id into v_owner from live_room r where r.id = s.room;
        if not found then status := 'room_not_found'; return next; continue; end if;
        if v_owner = s.sender then status := 'own_room'; return next; continue; end if;
        select * into v_gift from gift g where g.id = s.gift and g.enabled;
        if not found then status := 'gift_not_found'; return next; continue; end if;

        v_coins := v_gift.price::bigint * s.cnt;
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
        if v_anchor_coins > 0 then v_legs := '["member_coins:' || s.sender || '","anchor_earnings:' || v_owner || '",' || v_anchor_coins || ']'; end if;
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

        -- 5. The anchor's earnings account (created on first use, its shard rows at 0 as ledger.ts does).
        select a.id into v_anchor_account from ledger_account a where a.kind = 'anchor_earnings' and a.owner_id = v_owner;
        if not found then
          insert into ledger_account (kind, owner_id, shards) values ('anchor_earnings', v_owner, p_hot_shards)
            on conflict (kind, owner_id) where owner_id is not null do nothing
            returning id into v_anchor_account;
          if found then
            insert into ledger_balance (account_id, shard, kind, balance)
              select v_anchor_account, g, 'anchor_earnings', 0 from generate_series(0, p_hot_shards - 1) g;
          else
            select a.id into v_anchor_account from ledger_account a where a.kind = 'anchor_earnings' and a.owner_id = v_owner;
          end if;
        end if;

        insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference, created_at)
          select v_set_id, s.account_id, leg.credit, leg.amount, 'gift', v_reference, v_set_at
          from (values (1, v_anchor_account, v_anchor_coins), (2, v_platform_account, v_platform_coins)) as leg(n, credit, amount)
          where leg.amount > 0 order by leg.n;
        insert into gift_send (sender_id, room_id, anchor_id, gift_id, count, coins, anchor_coins, platform_coins, balance_after, idempotency_key, transfer_set_id, created_at)
          values (s.sender, s.room, v_owner, s.gift, s.cnt, v_coins, v_anchor_coins, v_platform_coins, v_balance, s.key, v_set_id, s.at)
          returning id into v_record;
        insert into wallet_order (order_no, user_id, type, state, amount_fen, coins, subject, idempotency_key, fingerprint, transfer_set_id, paid_at, created_at)
          values (s.order_no, s.sender, 'gift', 'paid', null, -v_coins, v_gift.name || ' x' || s.cnt, s.key, 'ledger:' || v_set_id, v_set_id, s.at, s.at);

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

        status := 'sent'; record_id := v_record; coins := v_coins; balance := v_balance; created_at := s.at; anchor_id := v_owner;
        select u.user_nickname into sender_nickname from app_user u where u.id = s.sender;
        gift_name := v_gift.name; gift_icon := v_gift.icon; gift_tier := v_gift.tier; gift_combo := v_gift.combo;
        return next;
      end loop;

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function wallet_gift_send_batch(bigint[], bigint[], integer[], integer[], text[], text[], timestamptz[], integer, integer)`.execute(db);
}

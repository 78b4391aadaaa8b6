import { issueSession, type ServerProcess, transferNow } from '@sports/server/bench';

/** A member who sends: their id and the session token they send with (the `token` header). */
export interface BenchMember {
  id: number;
  token: string;
}

export interface BenchRoom {
  roomId: number;
  anchorId: number;
}

export interface BenchGift {
  id: number;
  price: number;
}

export interface Audience {
  members: BenchMember[];
  rooms: BenchRoom[];
  /** The catalogue's gifts the bench sends (price <= MAX_PRICE). */
  gifts: BenchGift[];
  /** Coins each member was given. */
  fundedCoins: number;
}

/** Gifts up to this price: a member's coins never run out, so every send should succeed. */
const MAX_PRICE = 100;
/** Legs per funding set (payments clearing → member coins), one transaction each. */
const FUND_LEGS_PER_SET = 100;
const SESSION_TTL_SECONDS = 6 * 3_600;

/**
 * Members, anchors with a room each, a session per member (as a login would issue it: the real
 * `issueSession`), and coins for every member through the ledger (payments clearing → member
 * coins, as a paid recharge does; kind `bench_fund`). Rows go in with SQL through the database
 * handle of the server's database; the gifts themselves go over HTTP.
 */
export async function seedAudience(server: ServerProcess, counts: { members: number; anchors: number; coinsEach: number }): Promise<Audience> {
  const { db, pool } = server.database.handle;
  const tag = Date.now().toString(36);
  const anchors = await pool.query<{ id: string }>(
    `insert into app_user (mobile, user_nickname, avatar, is_anchor)
     select '86-137' || lpad(g::text, 8, '0'), '主播' || g, '/static/avatars/avatar-1.svg', 1 from generate_series(1, $1::int) g returning id`,
    [counts.anchors],
  );
  const rooms = await pool.query<{ id: string; owner_id: string }>(
    `insert into live_room (owner_id, title) select id, '礼物压测 ' || $2::text from unnest($1::bigint[]) id returning id, owner_id`,
    [anchors.rows.map((row) => row.id), tag],
  );
  const memberRows = await pool.query<{ id: string }>(
    `insert into app_user (mobile, user_nickname, avatar) select '86-139' || lpad(g::text, 8, '0'), '观众' || g, '/static/avatars/avatar-1.svg' from generate_series(1, $1::int) g returning id`,
    [counts.members],
  );
  const memberIds = memberRows.rows.map((row) => Number(row.id));

  const members: BenchMember[] = [];
  for (let start = 0; start < memberIds.length; start += 50) {
    const batch = memberIds.slice(start, start + 50);
    const issued = await Promise.all(batch.map((id) => issueSession(db, id, SESSION_TTL_SECONDS)));
    batch.forEach((id, index) => members.push({ id, token: (issued[index] as { token: string }).token }));
  }

  const sets: Promise<unknown>[] = [];
  for (let start = 0; start < memberIds.length; start += FUND_LEGS_PER_SET) {
    const batch = memberIds.slice(start, start + FUND_LEGS_PER_SET);
    const key = `bench-fund:${tag}:${start}`;
    sets.push(
      transferNow(db, {
        idempotencyKey: key,
        kind: 'bench_fund',
        reference: key,
        legs: batch.map((id) => ({ from: { kind: 'payments_clearing' as const }, to: { kind: 'member_coins' as const, owner: id }, amount: counts.coinsEach })),
      }),
    );
  }
  await Promise.all(sets);

  const gifts = await pool.query<{ id: number; price: number }>('select id, price from gift where enabled and price <= $1 order by sort, id', [MAX_PRICE]);
  if (gifts.rows.length === 0) throw new Error(`the gift catalogue has no enabled gift priced <= ${MAX_PRICE}`);
  return {
    members,
    rooms: rooms.rows.map((row) => ({ roomId: Number(row.id), anchorId: Number(row.owner_id) })),
    gifts: gifts.rows.map((row) => ({ id: row.id, price: row.price })),
    fundedCoins: counts.coinsEach,
  };
}

import { type Kysely, sql } from 'kysely';

/**
 * Any node serves any room (issue 37; server/src/live/media/origin/README.md): `media_origin` names
 * the node that receives a room's push (its origin), at the internal address the other nodes pull
 * the room's FLV, HLS and thumbnails from. One row per room (the primary key is what refuses a
 * second push on another node); the origin renews `lease_until` while the push lasts, and a row
 * whose lease ran out (a node killed without a word) is swept by any node, which also ends the
 * room's broadcast. Times are PostgreSQL's, so the nodes' clocks do not matter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table media_origin (
      room_id integer primary key references live_room(id) on delete cascade,
      node_id text not null check (length(node_id) between 1 and 64),
      internal_url text not null check (length(internal_url) between 1 and 200),
      claimed_at timestamptz not null default now(),
      lease_until timestamptz not null
    )`.execute(db);
  await sql`create index media_origin_lease_until on media_origin (lease_until)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table media_origin`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Two things the nodes tell each other about a room (issue 37):
 *
 * `media_origin.makes_hls`: whether the origin makes HLS of the push (it has ffmpeg). Any node
 * hands out the room's HLS address when the origin does, even one without ffmpeg itself (it
 * proxies the playlist and segments), and none does when the origin does not.
 *
 * `media_audience`: a room's viewers on the nodes that are not its origin (issue 37; live/media/origin/
 * remoteAudience.ts): each such node keeps its count of the room's players here, renewed every
 * couple of seconds, and the origin adds the fresh counts to its own for the broadcast's peak.
 * One row per (room, node); a row not renewed for a while (its node died) is ignored, then deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table media_origin add column makes_hls boolean not null default true`.execute(db);
  await sql`
    create table media_audience (
      room_id integer not null references live_room(id) on delete cascade,
      node_id text not null check (length(node_id) between 1 and 64),
      viewers integer not null check (viewers between 0 and 10000000),
      updated_at timestamptz not null default now(),
      primary key (room_id, node_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table media_audience`.execute(db);
  await sql`alter table media_origin drop column makes_hls`.execute(db);
}

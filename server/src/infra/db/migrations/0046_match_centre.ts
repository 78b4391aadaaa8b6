import { type Kysely, sql } from 'kysely';

/**
 * The match centre (issue 36; server/src/scores/matchCentre/README.md).
 *
 * - `match_team_sheet`: a side's formation ('4-3-3'; null for basketball) once the lineups are out.
 * - `match_player`: a player in a match's squad: starter or bench, his slot in the formation,
 *   when he came on and went off, on court now / fouled out (basketball), his line (`stats`: the
 *   football or basketball stats of @sports/shared's matchCentre/types.ts, replaced by the feed's
 *   latest) and his rating (football, computed by the server when his line changes).
 *   `(player_id, match_id)` serves the player pages.
 * - `match_action`: the play-by-play with places: shots with xG, final-third entries and
 *   dangerous attacks (`count` of them in a minute), corners, basketball field goals and free
 *   throws; keyed by the feed (`external_key`) like match_event, so a batch sent again stores nothing twice.
 * - `match_analytics`: what the server computed from the actions (momentum buckets, chart goals,
 *   the xG race and totals, the lead tracker and runs), one JSON document per match, written once
 *   per batch that touched the match and read as is by every viewer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table match_team_sheet (
      match_id bigint not null references match(id) on delete cascade,
      side text not null check (side in ('home', 'away')),
      formation text check (formation is null or length(formation) between 3 and 12),
      primary key (match_id, side)
    )`.execute(db);
  await sql`
    create table match_player (
      match_id bigint not null references match(id) on delete cascade,
      player_id integer not null references player(id) on delete cascade,
      side text not null check (side in ('home', 'away')),
      starter boolean not null,
      slot_x real,
      slot_y real,
      on_minute smallint,
      off_minute smallint,
      on_court boolean not null default false,
      fouled_out boolean not null default false,
      stats jsonb,
      rating real check (rating is null or rating between 0 and 10),
      updated_at timestamptz not null default now(),
      primary key (match_id, player_id)
    )`.execute(db);
  await sql`create index match_player_player_idx on match_player (player_id, match_id desc)`.execute(db);
  await sql`
    create table match_action (
      id bigserial primary key,
      external_key text not null unique,
      match_id bigint not null references match(id) on delete cascade,
      side text not null check (side in ('home', 'away')),
      player_id integer references player(id) on delete set null,
      player_zh text not null default '',
      kind text not null check (kind in ('shot', 'final_third', 'dangerous_attack', 'corner', 'field_goal', 'free_throw')),
      period smallint not null,
      minute smallint not null,
      extra smallint not null default 0,
      second smallint not null default 0,
      clock_seconds smallint,
      x real,
      y real,
      xg real check (xg is null or xg between 0 and 1),
      outcome text check (outcome is null or outcome in ('goal', 'saved', 'missed', 'blocked', 'woodwork')),
      head boolean not null default false,
      situation text check (situation is null or situation in ('open_play', 'set_piece', 'penalty', 'own_goal')),
      points smallint,
      made boolean,
      count smallint not null default 1,
      home_score smallint not null,
      away_score smallint not null,
      occurred_at timestamptz not null
    )`.execute(db);
  await sql`create index match_action_match_idx on match_action (match_id, id)`.execute(db);
  await sql`
    create table match_analytics (
      match_id bigint primary key references match(id) on delete cascade,
      data jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table match_analytics, match_action, match_player, match_team_sheet`.execute(db);
}

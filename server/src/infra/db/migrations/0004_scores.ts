import { type Kysely, sql } from 'kysely';

/**
 * Scores: seasons, teams, players, matches and their events, statistics, standings, odds
 * ('exponent') with history, pre-match intelligence, favourites, and the live streams' sequence
 * blocks. Competitions are the table of 0001.
 *
 * Rows a feed creates carry `external_key` (the provider's id; the demo simulator's keys start
 * with 'sim:'), so a feed can upsert what it sends again after a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('season')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('competition_id', 'integer', (column) => column.notNull().references('competition.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('is_current', 'boolean', (column) => column.notNull().defaultTo(true))
    .addUniqueConstraint('season_competition_name_key', ['competition_id', 'name'])
    .execute();

  await db.schema
    .createTable('team')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('external_key', 'text', (column) => column.notNull().unique())
    .addColumn('sport', 'text', (column) => column.notNull().check(sql`sport in ('football', 'basketball')`))
    .addColumn('name_zh', 'text', (column) => column.notNull())
    .addColumn('short_name_zh', 'text', (column) => column.notNull().check(sql`char_length(short_name_zh) between 1 and 10`))
    .addColumn('venue_zh', 'text', (column) => column.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('player')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('team_id', 'integer', (column) => column.notNull().references('team.id').onDelete('cascade'))
    .addColumn('name_zh', 'text', (column) => column.notNull())
    .addColumn('shirt_number', 'smallint', (column) => column.notNull())
    .addColumn('position', 'text', (column) => column.notNull().check(sql`position in ('GK', 'DF', 'MF', 'FW', 'G', 'F', 'C')`))
    .addUniqueConstraint('player_team_shirt_key', ['team_id', 'shirt_number'])
    .execute();

  await db.schema
    .createTable('match')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('external_key', 'text', (column) => column.notNull().unique())
    .addColumn('sport', 'text', (column) => column.notNull().check(sql`sport in ('football', 'basketball')`))
    .addColumn('competition_id', 'integer', (column) => column.notNull().references('competition.id').onDelete('cascade'))
    .addColumn('season_id', 'integer', (column) => column.notNull().references('season.id').onDelete('cascade'))
    .addColumn('round_zh', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('home_team_id', 'integer', (column) => column.notNull().references('team.id'))
    .addColumn('away_team_id', 'integer', (column) => column.notNull().references('team.id'))
    .addColumn('kickoff_at', 'timestamptz', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'live', 'halftime', 'finished')`))
    .addColumn('period', 'smallint')
    .addColumn('minute', 'smallint')
    .addColumn('extra_minute', 'smallint')
    .addColumn('clock_seconds', 'smallint')
    .addColumn('home_score', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('away_score', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('home_half_score', 'smallint')
    .addColumn('away_half_score', 'smallint')
    // Basketball points per period: [[home, away], …]; small, always read whole.
    .addColumn('period_scores', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('home_red', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('away_red', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('home_yellow', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('away_yellow', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('home_corner', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('away_corner', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('match_teams_differ', sql`home_team_id <> away_team_id`)
    .execute();
  // The schedule: by day (and sport / competition / status), in kick-off order.
  await db.schema.createIndex('match_kickoff_idx').on('match').columns(['kickoff_at', 'id']).execute();
  await db.schema.createIndex('match_competition_kickoff_idx').on('match').columns(['competition_id', 'kickoff_at']).execute();
  // Live and half-time matches are few and asked for constantly (snapshots, recommend).
  await db.schema
    .createIndex('match_in_play_idx')
    .on('match')
    .columns(['sport', 'kickoff_at'])
    .where(sql<boolean>`status in ('live', 'halftime')`)
    .execute();
  // Recent form and head-to-head look matches up by team.
  await db.schema.createIndex('match_home_team_idx').on('match').columns(['home_team_id', 'kickoff_at']).execute();
  await db.schema.createIndex('match_away_team_idx').on('match').columns(['away_team_id', 'kickoff_at']).execute();

  await db.schema
    .createTable('match_event')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('match_id', 'bigint', (column) => column.notNull().references('match.id').onDelete('cascade'))
    // The feed's id of the event: a feed that sends it again after a restart inserts nothing.
    .addColumn('external_key', 'text', (column) => column.notNull().unique())
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('kickoff', 'goal', 'yellow', 'red', 'substitution', 'halftime', 'second_half', 'fulltime', 'score', 'period_end')`),
    )
    .addColumn('side', 'text', (column) => column.check(sql`side in ('home', 'away')`))
    .addColumn('detail', 'text')
    .addColumn('period', 'smallint')
    .addColumn('minute', 'smallint')
    .addColumn('extra_minute', 'smallint')
    .addColumn('clock_seconds', 'smallint')
    .addColumn('player_zh', 'text')
    .addColumn('player_in_zh', 'text')
    .addColumn('points', 'smallint')
    .addColumn('home_score', 'smallint', (column) => column.notNull())
    .addColumn('away_score', 'smallint', (column) => column.notNull())
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull())
    // Goals: the seq of the 'goal' stream they were broadcast with (replayed to reconnecting clients).
    .addColumn('stream_seq', 'bigint')
    .execute();
  await db.schema.createIndex('match_event_match_idx').on('match_event').columns(['match_id', 'occurred_at', 'id']).execute();
  await db.schema
    .createIndex('match_event_goal_seq_idx')
    .on('match_event')
    .column('stream_seq')
    .unique()
    .where(sql.ref('stream_seq'), 'is not', null)
    .execute();

  await db.schema
    .createTable('match_statistic')
    .addColumn('match_id', 'bigint', (column) => column.notNull().references('match.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('home', 'real', (column) => column.notNull())
    .addColumn('away', 'real', (column) => column.notNull())
    .addPrimaryKeyConstraint('match_statistic_pkey', ['match_id', 'kind'])
    .execute();

  await db.schema
    .createTable('standing')
    .addColumn('season_id', 'integer', (column) => column.notNull().references('season.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (column) => column.notNull().references('team.id').onDelete('cascade'))
    .addColumn('group_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('played', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('won', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('drawn', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('lost', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('goals_for', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('goals_against', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('points', 'smallint', (column) => column.notNull().defaultTo(0))
    .addColumn('form', 'text', (column) => column.notNull().defaultTo('').check(sql`form ~ '^[WDL]{0,5}$'`))
    .addPrimaryKeyConstraint('standing_pkey', ['season_id', 'team_id'])
    .execute();

  await db.schema
    .createTable('odds_company')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name_zh', 'text', (column) => column.notNull())
    .execute();
  // The bookmakers the 'toggle' frame chooses between (ids as the client has always used them).
  await sql`insert into odds_company (id, name_zh) values (1, '澳门'), (3, '皇冠'), (8, 'Bet365')`.execute(db);

  // The current price per match, company and market, with the opening price beside it.
  await db.schema
    .createTable('match_odds')
    .addColumn('match_id', 'bigint', (column) => column.notNull().references('match.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (column) => column.notNull().references('odds_company.id'))
    .addColumn('market', 'text', (column) => column.notNull().check(sql`market in ('europe', 'asia', 'total')`))
    .addColumn('line', 'double precision')
    .addColumn('home', 'double precision', (column) => column.notNull())
    .addColumn('draw', 'double precision')
    .addColumn('away', 'double precision', (column) => column.notNull())
    .addColumn('open_line', 'double precision')
    .addColumn('open_home', 'double precision', (column) => column.notNull())
    .addColumn('open_draw', 'double precision')
    .addColumn('open_away', 'double precision', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('match_odds_pkey', ['match_id', 'company_id', 'market'])
    .execute();

  // Every price a company showed, with the match state at that moment (the odds history tab).
  await db.schema
    .createTable('odds_history')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    // The feed's id of this price move: sent again after a restart, it is stored once.
    .addColumn('external_key', 'text', (column) => column.notNull().unique())
    .addColumn('match_id', 'bigint', (column) => column.notNull().references('match.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (column) => column.notNull().references('odds_company.id'))
    .addColumn('market', 'text', (column) => column.notNull().check(sql`market in ('europe', 'asia', 'total')`))
    .addColumn('line', 'double precision')
    .addColumn('home', 'double precision', (column) => column.notNull())
    .addColumn('draw', 'double precision')
    .addColumn('away', 'double precision', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('match_str', 'text', (column) => column.notNull())
    .addColumn('home_score', 'smallint', (column) => column.notNull())
    .addColumn('away_score', 'smallint', (column) => column.notNull())
    .addColumn('recorded_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('odds_history_match_idx').on('odds_history').columns(['match_id', 'company_id', 'market', 'id']).execute();

  // Pre-match intelligence: recent form and head-to-head as the provider states them.
  await db.schema
    .createTable('match_intel')
    .addColumn('match_id', 'bigint', (column) => column.primaryKey().references('match.id').onDelete('cascade'))
    .addColumn('home_recent', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('away_recent', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('head_to_head', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createTable('match_absence')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('match_id', 'bigint', (column) => column.notNull().references('match.id').onDelete('cascade'))
    .addColumn('side', 'text', (column) => column.notNull().check(sql`side in ('home', 'away')`))
    .addColumn('player_zh', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('injury', 'suspension')`))
    .addColumn('reason_zh', 'text', (column) => column.notNull())
    .addUniqueConstraint('match_absence_player_key', ['match_id', 'side', 'player_zh'])
    .execute();

  await db.schema
    .createTable('match_favorite')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('match_id', 'bigint', (column) => column.notNull().references('match.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('match_favorite_pkey', ['user_id', 'match_id'])
    .execute();
  await db.schema.createIndex('match_favorite_match_idx').on('match_favorite').column('match_id').execute();

  // Sequence numbers of the live streams survive a restart: the node that assigns them reserves
  // a block here at start, so numbers never go backwards (clients resume by number).
  await db.schema
    .createTable('live_stream_seq')
    .addColumn('stream', 'text', (column) => column.primaryKey())
    .addColumn('reserved_to', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'live_stream_seq',
    'match_favorite',
    'match_absence',
    'match_intel',
    'odds_history',
    'match_odds',
    'odds_company',
    'standing',
    'match_statistic',
    'match_event',
    'match',
    'player',
    'team',
    'season',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

import {
  BasketballBoxScoreSchema,
  BasketballLeadTrackerSchema,
  BasketballShotChartSchema,
  Envelope,
  FootballLineupsSchema,
  FootballMomentumSchema,
  FootballPlayerRatingsSchema,
  FootballShotMapSchema,
  MatchCentreQuerySchema,
  PlayerProfileSchema,
  ProfileQuerySchema,
  TeamProfileSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import {
  basketballBoxScore,
  basketballLeadTracker,
  basketballShotChart,
  footballLineups,
  footballMomentum,
  footballPlayerRatings,
  footballShotMap,
  playerProfile,
  teamProfile,
} from './centreQueries';

export interface MatchCentreRoutesOptions {
  db: Kysely<Database>;
}

/**
 * The match centre (issue 36): `api/Football/lineups|momentum|shotMap|playerRatings`,
 * `api/Basketball/boxScore|shotChart|leadTracker` (each `match_id`; an unknown match, or one of the
 * other sport, is code 1 比赛不存在; before kick-off an empty, well-formed answer), and the player
 * and team pages' `api/Player/info?id=`, `api/Team/info?id=`. Everything is read as stored: the
 * feed's pipeline computed it once per event.
 */
export async function matchCentreRoutes(app: App, { db }: MatchCentreRoutesOptions): Promise<void> {
  const match = { querystring: MatchCentreQuerySchema };
  app.get('/api/Football/lineups', { schema: { ...match, response: { 200: Envelope(FootballLineupsSchema) } } }, async (request) => ok(await footballLineups(db, request.query.match_id)));
  app.get('/api/Football/momentum', { schema: { ...match, response: { 200: Envelope(FootballMomentumSchema) } } }, async (request) => ok(await footballMomentum(db, request.query.match_id)));
  app.get('/api/Football/shotMap', { schema: { ...match, response: { 200: Envelope(FootballShotMapSchema) } } }, async (request) => ok(await footballShotMap(db, request.query.match_id)));
  app.get('/api/Football/playerRatings', { schema: { ...match, response: { 200: Envelope(FootballPlayerRatingsSchema) } } }, async (request) =>
    ok(await footballPlayerRatings(db, request.query.match_id)),
  );
  app.get('/api/Basketball/boxScore', { schema: { ...match, response: { 200: Envelope(BasketballBoxScoreSchema) } } }, async (request) => ok(await basketballBoxScore(db, request.query.match_id)));
  app.get('/api/Basketball/shotChart', { schema: { ...match, response: { 200: Envelope(BasketballShotChartSchema) } } }, async (request) => ok(await basketballShotChart(db, request.query.match_id)));
  app.get('/api/Basketball/leadTracker', { schema: { ...match, response: { 200: Envelope(BasketballLeadTrackerSchema) } } }, async (request) =>
    ok(await basketballLeadTracker(db, request.query.match_id)),
  );
  app.get('/api/Player/info', { schema: { querystring: ProfileQuerySchema, response: { 200: Envelope(PlayerProfileSchema) } } }, async (request) => ok(await playerProfile(db, request.query.id)));
  app.get('/api/Team/info', { schema: { querystring: ProfileQuerySchema, response: { 200: Envelope(TeamProfileSchema) } } }, async (request) => ok(await teamProfile(db, request.query.id)));
}

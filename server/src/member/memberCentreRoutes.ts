import {
  AnchorApplicationSchema,
  ApplyAnchorRequestSchema,
  Envelope,
  InviteListQuerySchema,
  InviteePageSchema,
  MyAnchorApplicationSchema,
  PublicUserInfoSchema,
  UserIdQuerySchema,
  VerifiedInfoSchema,
  VerifyRealNameRequestSchema,
  WatchRecordRequestSchema,
  WatchRecordResultSchema,
  WatchlistPageSchema,
  WatchlistQuerySchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { issueBeaconToken, sessionOf } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import { createFixedWindowLimiter } from '../infra/http/rateLimiter';
import type { App } from '../infra/http/types';
import { optionalViewerId } from '../live/index';
import { applyAnchor, latestApplication } from './anchorApplications';
import type { IdCipher } from './idCipher';
import { invitees } from './invitees';
import { publicUserInfo } from './publicProfile';
import { verifiedInfo, verifyRealName } from './realName';
import type { RealNameVerifier } from './realNameVerifier';
import { recordWatch, watchlist } from './watchHistory';

/** Real-name attempts a member may make an hour (each may be a paid KYC call). */
export const VERIFY_ATTEMPTS_PER_HOUR = 10;

export interface MemberCentreRoutesOptions {
  db: Kysely<Database>;
  cipher: IdCipher;
  verifier: RealNameVerifier;
  clock: Clock;
}

/**
 * The member centre's calls: real-name verification (`api/Member/verified`, `getVerifiedInfo`),
 * the anchor application (`api/Member/applyAnchor`, `anchorApplication`), another user's public
 * page (`api/User/getUserInfo`) and watch history (`api/User/watchRecord`, `watchlistList`).
 */
export async function memberCentreRoutes(app: App, { db, cipher, verifier, clock }: MemberCentreRoutesOptions): Promise<void> {
  const login = { preHandler: app.requireLogin };
  const verifyLimiter = createFixedWindowLimiter({ max: VERIFY_ATTEMPTS_PER_HOUR, windowMs: 3_600_000, now: () => clock().getTime() });

  app.post('/api/Member/verified', { ...login, schema: { body: VerifyRealNameRequestSchema, response: { 200: Envelope(VerifiedInfoSchema) } } }, async (request) => {
    const userId = sessionOf(request).user.id;
    if (!verifyLimiter.hit(String(userId)).allowed) throw errors.MEMBER_VERIFY_TOO_FREQUENT();
    return ok(await verifyRealName({ db, cipher, verifier }, { userId, ip: request.ip }, request.body, clock()));
  });

  app.post('/api/Member/getVerifiedInfo', { ...login, schema: { response: { 200: Envelope(VerifiedInfoSchema) } } }, async (request) =>
    ok(await verifiedInfo(db, cipher, sessionOf(request).user.id)),
  );

  app.post('/api/Member/applyAnchor', { ...login, schema: { body: ApplyAnchorRequestSchema, response: { 200: Envelope(AnchorApplicationSchema) } } }, async (request) =>
    ok(await applyAnchor(db, sessionOf(request).user, request.body, clock())),
  );

  app.get('/api/Member/anchorApplication', { ...login, schema: { response: { 200: Envelope(MyAnchorApplicationSchema) } } }, async (request) =>
    ok(await latestApplication(db, sessionOf(request).user.id)),
  );

  app.get('/api/User/getUserInfo', { schema: { querystring: UserIdQuerySchema, response: { 200: Envelope(PublicUserInfoSchema) } } }, async (request) => {
    const viewerId = await optionalViewerId(db, clock, request);
    return ok(await publicUserInfo(db, request.query.user_id, viewerId));
  });

  // The tab-close beat comes as navigator.sendBeacon (no X-Requested-With): the CSRF rule takes the
  // beacon token of an earlier answer instead, for this route only (accounts/beaconToken.ts).
  app.post(
    '/api/User/watchRecord',
    { ...login, config: { changesState: true, beaconToken: true }, schema: { body: WatchRecordRequestSchema, response: { 200: Envelope(WatchRecordResultSchema) } } },
    async (request) => {
      const now = clock();
      const counted = await recordWatch(db, sessionOf(request).user.id, request.body, now);
      return ok({ ...counted, beacon_token: issueBeaconToken(request, now) });
    },
  );

  app.get('/api/User/watchlistList', { ...login, schema: { querystring: WatchlistQuerySchema, response: { 200: Envelope(WatchlistPageSchema) } } }, async (request) =>
    ok(await watchlist(db, sessionOf(request).user.id, request.query)),
  );

  app.get('/api/Member/inviteList', { ...login, schema: { querystring: InviteListQuerySchema, response: { 200: Envelope(InviteePageSchema) } } }, async (request) =>
    ok(await invitees(db, sessionOf(request).user.id, request.query)),
  );
}

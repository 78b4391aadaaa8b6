// The match centre's contract, one file per part (football, basketball, profiles, deltas); this
// file keeps the one import path the server and the pages use.
/**
 * The match centre (issue 36): what `api/Football/*`, `api/Basketball/*`, `api/Player/info`,
 * `api/Team/info` answer (in the envelope) and what the live-data socket's `match_centre` stream
 * carries as deltas. The server computes everything once per feed event (server/src/scores/
 * matchCentre/); pages only draw it.
 *
 * Coordinates (geometry.ts has the numbers):
 * - football: metres on a 105 x 68 pitch, `x` 0..105 along it, `y` 0..68 across it, every
 *   team attacking towards x = 105 (its own goal at x = 0). A page showing both teams on one
 *   pitch mirrors the away side (x' = 105 - x, y' = 68 - y).
 * - basketball: metres on the attacking half court, `x` 0..court width across it (left
 *   sideline to right, seen from the half-court line), `y` 0..14 from the baseline; the basket's
 *   centre is at (width / 2, 1.575).
 *
 * Every answer is well formed before kick-off: empty lists, zero totals, null formations.
 * An unknown match_id answers code 1 `比赛不存在` (as every scores call).
 */
export { MatchCentreQuerySchema, type MatchCentreQuery, MatchCentreSideSchema, type MatchCentreSide, ProfileQuerySchema, type ProfileQuery } from './common';
export * from './football';
export * from './basketball';
export * from './profiles';
export * from './deltas';

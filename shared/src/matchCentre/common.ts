import Type, { type Static } from 'typebox';
import { BigIdSchema, Int4IdSchema } from '../schemas/primitives';

/** The pieces every match-centre schema uses (types.ts re-exports the public ones). */

export const Count = Type.Integer({ minimum: 0 });
export const Side = Type.Union([Type.Literal('home'), Type.Literal('away')]);
export const MatchCentreSideSchema = Side;
export type MatchCentreSide = Static<typeof Side>;
/** A player's rating: 0.0-10.0 with one decimal, null before he played a minute. */
export const Rating = Type.Union([Type.Number({ minimum: 0, maximum: 10 }), Type.Null()]);

export const MatchCentreQuerySchema = Type.Object({ match_id: BigIdSchema }, { additionalProperties: false });
export type MatchCentreQuery = Static<typeof MatchCentreQuerySchema>;
export const ProfileQuerySchema = Type.Object({ id: Int4IdSchema }, { additionalProperties: false });
export type ProfileQuery = Static<typeof ProfileQuerySchema>;

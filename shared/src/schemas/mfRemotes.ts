import Type, { type Static } from 'typebox';
import { MultilineString } from './primitives';

// Written out (not mapped from REMOTE_NAMES) so the static type is the union of the names;
// remoteNames.test.ts checks that the two lists agree.
export const RemoteNameSchema = Type.Union([
  Type.Literal('mf_live'),
  Type.Literal('mf_scores'),
  Type.Literal('mf_community'),
  Type.Literal('mf_member'),
]);

/** How a visitor came to a release: everyone's stable, the canary's bucket, or a QA override. */
export const AssignmentChannelSchema = Type.Union([Type.Literal('stable'), Type.Literal('candidate'), Type.Literal('override')]);
export type AssignmentChannel = Static<typeof AssignmentChannelSchema>;

/** Which release of one remote this visitor loads (`GET /api/mf/remotes`). */
export const RemoteAssignmentSchema = Type.Object({
  name: RemoteNameSchema,
  /** The release id (version plus content hash), e.g. '0.1.0-3f9a1c2b'. */
  version: Type.String(),
  /** URL of the release's mf-manifest.json, absolute or relative to the site. */
  manifestUrl: Type.String(),
  channel: AssignmentChannelSchema,
  /** The stable release to fall back to when a candidate or override fails to load. */
  fallback: Type.Optional(Type.Object({ version: Type.String(), manifestUrl: Type.String() })),
});
export type RemoteAssignment = Static<typeof RemoteAssignmentSchema>;

export const RemoteAssignmentsSchema = Type.Object({
  remotes: Type.Array(RemoteAssignmentSchema),
});
export type RemoteAssignments = Static<typeof RemoteAssignmentsSchema>;

/**
 * `POST /api/mf/telemetry`: a remote failed to load ('load') or threw while rendering ('render'),
 * or loaded fine ('loaded', once per page load) — the denominator of a release's error rate.
 */
export const RemoteTelemetrySchema = Type.Object({
  remote: RemoteNameSchema,
  version: Type.String({ minLength: 1, maxLength: 64 }),
  phase: Type.Union([Type.Literal('load'), Type.Literal('render'), Type.Literal('loaded')]),
  /** An error's message, often with its stack: lines allowed. */
  message: MultilineString({ maxLength: 2000 }),
  route: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RemoteTelemetry = Static<typeof RemoteTelemetrySchema>;

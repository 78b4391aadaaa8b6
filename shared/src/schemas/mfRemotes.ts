import Type, { type Static } from 'typebox';

// Written out (not mapped from REMOTE_NAMES) so the static type is the union of the names;
// remoteNames.test.ts checks that the two lists agree.
export const RemoteNameSchema = Type.Union([
  Type.Literal('mf_live'),
  Type.Literal('mf_scores'),
  Type.Literal('mf_community'),
  Type.Literal('mf_member'),
]);

/** Which release of one remote this visitor loads (`GET /api/mf/remotes`). */
export const RemoteAssignmentSchema = Type.Object({
  name: RemoteNameSchema,
  version: Type.String(),
  /** URL of the release's mf-manifest.json, absolute or relative to the site. */
  manifestUrl: Type.String(),
});
export type RemoteAssignment = Static<typeof RemoteAssignmentSchema>;

export const RemoteAssignmentsSchema = Type.Object({
  remotes: Type.Array(RemoteAssignmentSchema),
});
export type RemoteAssignments = Static<typeof RemoteAssignmentsSchema>;

/** `POST /api/mf/telemetry`: a remote failed to load or threw while rendering. */
export const RemoteTelemetrySchema = Type.Object({
  remote: RemoteNameSchema,
  version: Type.String({ minLength: 1, maxLength: 64 }),
  phase: Type.Union([Type.Literal('load'), Type.Literal('render')]),
  message: Type.String({ maxLength: 2000 }),
  route: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RemoteTelemetry = Static<typeof RemoteTelemetrySchema>;

import type { RemoteName } from '@sports/shared/server';
import Type, { type Static } from 'typebox';

/**
 * Server copies of the shared mf schemas, identical as JSON (schemas.test.ts checks that).
 * Why: the shared RemoteNameSchema is built with `REMOTE_NAMES.map(...)`, an array rather than a
 * tuple, so TypeBox infers its static type as `never` and no handler could return a remote name.
 * Swap these for the shared ones once shared lists the literals as a tuple.
 */
export const RemoteNameSchema = Type.Union([
  Type.Literal('mf_live'),
  Type.Literal('mf_scores'),
  Type.Literal('mf_community'),
  Type.Literal('mf_member'),
]);
// Fails to compile if the literals above and the shared RemoteName drift apart.
const sameNames: [Static<typeof RemoteNameSchema>, RemoteName] extends [RemoteName, Static<typeof RemoteNameSchema>] ? true : never = true;
void sameNames;

export const RemoteAssignmentSchema = Type.Object({
  name: RemoteNameSchema,
  version: Type.String(),
  manifestUrl: Type.String(),
});
export type RemoteAssignment = Static<typeof RemoteAssignmentSchema>;

export const RemoteAssignmentsSchema = Type.Object({
  remotes: Type.Array(RemoteAssignmentSchema),
});

export const RemoteTelemetrySchema = Type.Object({
  remote: RemoteNameSchema,
  version: Type.String({ minLength: 1, maxLength: 64 }),
  phase: Type.Union([Type.Literal('load'), Type.Literal('render')]),
  message: Type.String({ maxLength: 2000 }),
  route: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RemoteTelemetry = Static<typeof RemoteTelemetrySchema>;

import Type, { type Static } from 'typebox';
import { RemoteNameSchema } from './mfRemotes';

/**
 * Staged rollouts of remote releases (DESIGN.md sections 1 and 3): the control plane's
 * operations, shared by the server, the `pnpm mf` command and the ops page.
 */

/** A release id: the remote's version, a dash, and 8-16 hex digits of its content hash. */
export const ReleaseIdSchema = Type.String({ minLength: 10, maxLength: 64, pattern: '^[0-9A-Za-z.+_]+(-[0-9A-Za-z.]+)*-[0-9a-f]{8,16}$' });

export const ReasonSchema = Type.String({ minLength: 1, maxLength: 500 });

export const MfReleaseSchema = Type.Object({
  remote: RemoteNameSchema,
  releaseId: Type.String(),
  version: Type.String(),
  manifestUrl: Type.String(),
  createdAt: Type.String(),
  createdBy: Type.String(),
});
export type MfRelease = Static<typeof MfReleaseSchema>;

export const ReleaseHealthSchema = Type.Object({
  loads: Type.Integer(),
  errors: Type.Integer(),
  /** errors / (loads + errors) over the window; 0 when nothing was reported. */
  errorRate: Type.Number(),
  windowSeconds: Type.Integer(),
});
export type ReleaseHealth = Static<typeof ReleaseHealthSchema>;

export const RolloutStateSchema = Type.Object({
  remote: RemoteNameSchema,
  stable: Type.Union([Type.String(), Type.Null()]),
  candidate: Type.Union([Type.String(), Type.Null()]),
  /** Share of visitors on the candidate, 0-100. */
  candidatePercent: Type.Integer({ minimum: 0, maximum: 100 }),
  updatedAt: Type.String(),
  releases: Type.Array(Type.Object({ ...MfReleaseSchema.properties, health: ReleaseHealthSchema })),
});
export type RolloutState = Static<typeof RolloutStateSchema>;

export const AuditActionSchema = Type.Union([
  Type.Literal('publish'),
  Type.Literal('canary'),
  Type.Literal('promote'),
  Type.Literal('rollback'),
  Type.Literal('halt'),
  Type.Literal('bootstrap'),
]);
export type AuditAction = Static<typeof AuditActionSchema>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  remote: RemoteNameSchema,
  action: AuditActionSchema,
  releaseId: Type.Union([Type.String(), Type.Null()]),
  actor: Type.String(),
  reason: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  at: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const RemoteParamsSchema = Type.Object({ remote: RemoteNameSchema });

/** Start a canary, or change its percentage. */
export const CanaryRequestSchema = Type.Object(
  { releaseId: ReleaseIdSchema, percent: Type.Integer({ minimum: 0, maximum: 100 }), reason: ReasonSchema },
  { additionalProperties: false },
);
export type CanaryRequest = Static<typeof CanaryRequestSchema>;

export const PromoteRequestSchema = Type.Object({ reason: ReasonSchema }, { additionalProperties: false });
export type PromoteRequest = Static<typeof PromoteRequestSchema>;

/** Without `toReleaseId`: drop the candidate. With it: set stable back to that earlier release. */
export const RollbackRequestSchema = Type.Object(
  { toReleaseId: Type.Optional(ReleaseIdSchema), reason: ReasonSchema },
  { additionalProperties: false },
);
export type RollbackRequest = Static<typeof RollbackRequestSchema>;

/** Register an uploaded release folder: the control plane checks it before it can take traffic. */
export const RegisterReleaseRequestSchema = Type.Object(
  { remote: RemoteNameSchema, releaseId: ReleaseIdSchema, reason: Type.Optional(ReasonSchema) },
  { additionalProperties: false },
);
export type RegisterReleaseRequest = Static<typeof RegisterReleaseRequestSchema>;

/** The host's page singletons a release must be compatible with (name → version and range). */
export const HostSharedRequirementsSchema = Type.Record(
  Type.String(),
  Type.Object({ version: Type.String(), requiredVersion: Type.String() }),
);
export type HostSharedRequirements = Static<typeof HostSharedRequirementsSchema>;

/** `POST /api/mf/overrides` (ops only): a QA override token for one release, valid `minutes` (default 60). */
export const OverrideRequestSchema = Type.Object(
  { remote: RemoteNameSchema, releaseId: ReleaseIdSchema, minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 525_600 })) },
  { additionalProperties: false },
);
export type OverrideRequest = Static<typeof OverrideRequestSchema>;

/** The signed token, when it expires, and the address a QA browser opens (`/web/?mf_override=<token>`). */
export const OverrideGrantSchema = Type.Object({
  remote: RemoteNameSchema,
  releaseId: Type.String(),
  token: Type.String(),
  expiresAt: Type.String(),
  url: Type.String(),
});
export type OverrideGrantAnswer = Static<typeof OverrideGrantSchema>;

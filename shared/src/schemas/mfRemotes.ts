import Type, { type Static } from 'typebox';
import { MAX_FIRST_SCREEN_CALLS } from '../api/firstScreenData';
import { MAX_WIDGET_PHONE_HEIGHT, NAV_INDEX_MAX, ROUTE_MANIFEST_SCHEMA_VERSION } from '../contract/routeManifest';
import { MultilineString } from './primitives';

// Written out (not mapped from REMOTE_NAMES) so the static type is the union of the names;
// remoteNames.test.ts checks that the two lists agree.
export const RemoteNameSchema = Type.Union([
  Type.Literal('mf_live'),
  Type.Literal('mf_scores'),
  Type.Literal('mf_community'),
  Type.Literal('mf_member'),
]);

/**
 * How a visitor came to a release: everyone's stable, the canary's bucket, a QA override, or a
 * dev override (`pnpm dev:remote`: a squad's local dev server, server/src/rollouts/devOverride.ts).
 */
export const AssignmentChannelSchema = Type.Union([Type.Literal('stable'), Type.Literal('candidate'), Type.Literal('override'), Type.Literal('dev')]);
export type AssignmentChannel = Static<typeof AssignmentChannelSchema>;

/**
 * One call of a first screen (api/firstScreenData.ts): an API path of this site (the page's first
 * script asks only for `/api/...` of its own origin), GET or POST, with a small query or body of
 * plain values.
 */
const FirstScreenValuesSchema = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' }),
  Type.Union([Type.String({ maxLength: 64 }), Type.Number(), Type.Boolean()]),
  { maxProperties: 8 },
);
export const FirstScreenCallSchema = Type.Object(
  {
    path: Type.String({ maxLength: 120, pattern: '^api/[A-Za-z0-9_]+(/[A-Za-z0-9_]+)*$' }),
    method: Type.Optional(Type.Union([Type.Literal('GET'), Type.Literal('POST')])),
    query: Type.Optional(FirstScreenValuesSchema),
    body: Type.Optional(FirstScreenValuesSchema),
  },
  { additionalProperties: false },
);
const FirstScreenDataSchema = Type.Array(FirstScreenCallSchema, { maxItems: MAX_FIRST_SCREEN_CALLS });

/** One route of a remote's route manifest (contract/routeManifest.ts, RouteMeta). */
export const RouteMetaSchema = Type.Object(
  {
    // SPEC.md's paths: lower-case words with '-', '_' or a camel hump ('downLoad'), '/' between
    // segments ('trophy/home'); no leading slash.
    path: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*(/[A-Za-z0-9][A-Za-z0-9_-]*)*$' }),
    title: Type.String({ minLength: 1, maxLength: 20 }),
    navIndex: Type.Union([Type.Integer({ minimum: 0, maximum: NAV_INDEX_MAX }), Type.Null()]),
    hidesHeaderOnScroll: Type.Optional(Type.Boolean()),
    requiresLogin: Type.Optional(Type.Boolean()),
    immersiveOnPhone: Type.Optional(Type.Boolean()),
    firstScreenData: Type.Optional(FirstScreenDataSchema),
  },
  { additionalProperties: false },
);

/** One widget of a remote's route manifest (contract/routeManifest.ts, WidgetMeta). */
export const WidgetMetaSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9]*$' }),
    // Written out (a mapped array would type as never); routeManifest.test.ts checks it against WIDGET_SLOTS.
    slot: Type.Union([Type.Literal('home')]),
    order: Type.Integer({ minimum: 0, maximum: 1000 }),
    phoneHeight: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_WIDGET_PHONE_HEIGHT })),
    wide: Type.Optional(Type.Boolean()),
    firstScreenData: Type.Optional(FirstScreenDataSchema),
    loadNearScreen: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** `route-manifest.json` of a release, as the build emits it (contract/routeManifest.ts). */
export const RouteManifestSchema = Type.Object({
  schemaVersion: Type.Literal(ROUTE_MANIFEST_SCHEMA_VERSION),
  remote: RemoteNameSchema,
  routes: Type.Array(RouteMetaSchema, { maxItems: 50 }),
  widgets: Type.Array(WidgetMetaSchema, { maxItems: 20 }),
});

/** Which release of one remote this visitor loads (`GET /api/mf/remotes`). */
export const RemoteAssignmentSchema = Type.Object({
  name: RemoteNameSchema,
  /** The release id (version plus content hash), e.g. '0.1.0-3f9a1c2b'. */
  version: Type.String(),
  /** URL of the release's mf-manifest.json, absolute or relative to the site. */
  manifestUrl: Type.String(),
  channel: AssignmentChannelSchema,
  /** The release's routes (its route manifest): the host builds its router from these. */
  routes: Type.Array(RouteMetaSchema),
  /** The release's widgets and their slots: the home page composes the 'home' ones. */
  widgets: Type.Array(WidgetMetaSchema),
  /**
   * The stable release to fall back to when a candidate or override fails to load, with its own
   * routes and widgets (its route manifest; absent from an older control plane): a page that
   * falls back builds that remote's routes from these, so the fallback still owns its routes.
   */
  fallback: Type.Optional(
    Type.Object({ version: Type.String(), manifestUrl: Type.String(), routes: Type.Optional(Type.Array(RouteMetaSchema)), widgets: Type.Optional(Type.Array(WidgetMetaSchema)) }),
  ),
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

import type { Kysely } from 'kysely';

/**
 * A remote owns its routes (issue 16): each release carries its route manifest
 * (`route-manifest.json`, checked at registration by rollouts/routeManifestCheck.ts), kept here so
 * the control plane can check who claims which path before a release takes traffic and hand the
 * routes to visitors with their assignments. Releases registered before have none (null): they
 * are read as no routes and no widgets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mf_release').addColumn('route_manifest', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mf_release').dropColumn('route_manifest').execute();
}

import type { Kysely } from 'kysely';
import type { AccountServices } from '../../accounts/index';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';

export interface PostDeps {
  db: Kysely<Database>;
  /** The clock and the upload store (images are the member's own uploads). */
  accounts: AccountServices;
}

/** `api/anchor_dynamics_user/*` and `api/anchor_dynamics/*` (being built: see community/README.md). */
export async function postRoutes(_app: App, _deps: PostDeps): Promise<void> {}

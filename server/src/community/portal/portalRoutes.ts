import { Envelope, PORTAL_FEED_DEFAULT, PortalFeedQuerySchema, PortalFeedSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { topHeadlines } from '../headlines/headlines';
import { type HotPostsReader, interleave } from './portal';

export interface PortalDeps {
  db: Kysely<Database>;
  /** The circle's hottest visible posts (community/posts/); null: the feed is headlines only. */
  hotPosts: HotPostsReader | null;
}

/** `GET api/Portal_post/getList2?limit=`: the home portal feed (top headlines interleaved with hot posts). */
export async function portalRoutes(app: App, { db, hotPosts }: PortalDeps): Promise<void> {
  app.get('/api/Portal_post/getList2', { schema: { querystring: PortalFeedQuerySchema, response: { 200: Envelope(PortalFeedSchema) } } }, async (request) => {
    const limit = request.query.limit ?? PORTAL_FEED_DEFAULT;
    const [headlines, posts] = await Promise.all([topHeadlines(db, limit), hotPosts === null ? [] : hotPosts(limit)]);
    return ok(interleave(headlines, posts, limit));
  });
}

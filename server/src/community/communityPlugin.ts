import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { changeCommentVisibility, describeComment } from './comments/comments';
import { headlineCommentRoutes } from './headlines/headlineCommentRoutes';
import { headlineModerationTarget } from './headlines/headlineModeration';
import { postRoutes } from './posts/postRoutes';
import { registerHeadlines } from './headlines/headlinesModule';
import { describePost, listFeed, removePost, setPostHidden } from './posts/posts';
import { toPortalPost } from './portal/portal';
import { type CommunityConfig, defaultCommunityConfig } from './posts/postsConfig';

/** What buildApp takes for the community. */
export interface CommunityOptions {
  /** Posting and commenting rates; default posts/postsConfig.ts. */
  config?: CommunityConfig;
}

export interface CommunityPluginOptions extends CommunityOptions {
  db: Kysely<Database>;
  /** The ops token (the headlines editor, `api/ops/headlines`). */
  opsToken: string;
}

/** A moderation id (decimal text) as a row id, or null when it cannot be one of ours. */
function rowId(id: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The community domain (community/README.md): members' posts, comments and likes
 * (`api/anchor_dynamics*`, community/posts/). Reads the accounts' sessions, clock and upload
 * store (images are the member's own uploads); text passes the one sensitive-word filter
 * (app.moderation.check); posts, comments (on posts and articles) and articles are moderation
 * targets ('post', 'comment', 'headline'). While the scores' demo feed runs (`app.liveFeed`), the
 * headlines write match reports.
 */
async function community(app: App, options: CommunityPluginOptions): Promise<void> {
  const { db } = options;
  const config = options.config ?? defaultCommunityConfig();
  const commentDeps = { db, accounts: app.accounts, config, checkText: (text: string) => app.moderation.check(text) };
  await app.register(postRoutes, commentDeps);
  // Articles take the circle's comment threads (community/comments/), under their own routes.
  await app.register(headlineCommentRoutes, commentDeps);
  await registerHeadlines(app, {
    db,
    clock: app.accounts.clock,
    opsToken: options.opsToken,
    hotPosts: async (limit) => (await listFeed(db, null, { view: 'hot', page_size: limit })).list.map(toPortalPost),
  });

  app.moderation.registerTarget('post', {
    describe: async (id) => {
      const postId = rowId(id);
      return postId === null ? null : describePost(db, postId);
    },
    hide: async (id) => {
      const postId = rowId(id);
      if (postId !== null) await setPostHidden(db, postId, true);
    },
    unhide: async (id) => {
      const postId = rowId(id);
      if (postId !== null) await setPostHidden(db, postId, false);
    },
    remove: async (id) => {
      const postId = rowId(id);
      if (postId !== null) await removePost(db, postId, app.accounts.clock());
    },
  });
  // Articles have no member author (ops write them): reportable and hideable, never sanctioned.
  app.moderation.registerTarget('headline', headlineModerationTarget(db, app.accounts.clock, rowId));
  // Every comment, on a post or an article (one table, one target).
  app.moderation.registerTarget('comment', {
    describe: async (id) => {
      const commentId = rowId(id);
      return commentId === null ? null : describeComment(db, commentId);
    },
    hide: async (id) => {
      const commentId = rowId(id);
      if (commentId !== null) await changeCommentVisibility(db, commentId, { hidden: true });
    },
    unhide: async (id) => {
      const commentId = rowId(id);
      if (commentId !== null) await changeCommentVisibility(db, commentId, { hidden: false });
    },
    remove: async (id) => {
      const commentId = rowId(id);
      if (commentId !== null) await changeCommentVisibility(db, commentId, { deletedAt: app.accounts.clock() });
    },
  });
}

export const communityPlugin = fp(community, {
  name: 'community',
  dependencies: ['accounts', 'moderation', 'scores'],
  decorators: { fastify: ['accounts', 'requireLogin', 'moderation', 'liveFeed'] },
});

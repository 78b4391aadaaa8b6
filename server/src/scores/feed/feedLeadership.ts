import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/** The advisory lock key of "this node runs the feed" (any constant; one per database). */
const FEED_LOCK_KEY = 7_340_104;
const CHECK_EVERY_MS = 10_000;

/**
 * Exactly one node runs the feed (and numbers the streams): the one holding a PostgreSQL advisory
 * lock, on a connection kept for as long as it leads. If that node dies its connection closes,
 * the lock is released, and another node takes over on its next try.
 */
export class FeedLeadership {
  private release: (() => void) | null = null;
  private holding: Promise<void> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** True when this node now leads; `onLost` runs if the held connection fails later. */
  tryAcquire(onLost: (error: unknown) => void): Promise<boolean> {
    return new Promise((resolve) => {
      this.holding = this.db
        .connection()
        .execute(async (connection) => {
          const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${FEED_LOCK_KEY}) as locked`.execute(connection);
          if (rows[0]?.locked !== true) {
            resolve(false);
            return;
          }
          resolve(true);
          const released = new Promise<void>((done) => {
            this.release = done;
          });
          let stop = false;
          void released.then(() => {
            stop = true;
          });
          // A dead connection means the lock is gone: notice it, stop leading.
          while (!stop) {
            await Promise.race([released, new Promise((done) => setTimeout(done, CHECK_EVERY_MS).unref())]);
            if (!stop) await sql`select 1`.execute(connection);
          }
          await sql`select pg_advisory_unlock(${FEED_LOCK_KEY})`.execute(connection);
        })
        .catch((error: unknown) => {
          resolve(false);
          if (this.release !== null) onLost(error);
        })
        .finally(() => {
          this.release = null;
        });
    });
  }

  async releaseLock(): Promise<void> {
    this.release?.();
    await this.holding;
  }
}

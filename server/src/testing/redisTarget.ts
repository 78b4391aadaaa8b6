import { Redis } from 'ioredis';
import { redactUrl } from '../infra/config/redactUrl';

/** The Redis the two-node tests use: REDIS_URL, else the project machines' local one. */
export const TEST_REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Whether TEST_REDIS_URL answers; when not, says so (a newcomer's machine runs no Redis, and the
 * run must show the suite was skipped and why, not pass it silently).
 */
export async function testRedisReachable(): Promise<boolean> {
  const reachable = await redisAnswers(TEST_REDIS_URL);
  if (!reachable) console.log(`skipped: Redis not reachable at ${redactUrl(TEST_REDIS_URL)}`);
  return reachable;
}

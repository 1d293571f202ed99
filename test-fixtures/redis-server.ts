import { RedisOutputCache, type RedisOutputCacheOptions } from '../ui/edge/redis-output-cache';
import { freePort, spawnReady } from './storefront-process';
import { Redis } from 'ioredis';

/** A throw-away redis-server on a free loopback port, persistence off (tests of the shared output cache). */
export interface TestRedis {
  url: string;
  /** a connection of the test's own, to look at what is stored (closed by stop) */
  client: Redis;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  // scripts/ensure-deps.mjs installs redis-server
  const { child, exited } = await spawnReady('redis-server', args, {}, /Ready to accept connections/i, 15_000);
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true });
  return {
    url,
    client,
    async stop() {
      client.disconnect();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * An output cache on the test's redis-server, once it answers: its offline queue is off (it fails fast when Redis is
 * away), so a command sent before it has connected fails.
 */
export async function connectedCache(url: string, options: RedisOutputCacheOptions): Promise<RedisOutputCache> {
  const cache = new RedisOutputCache(url, options);
  for (let i = 0; i < 50; i++) {
    if (await cache.ping().then(() => true, () => false)) return cache;
    await new Promise((r) => setTimeout(r, 100));
  }
  await cache.quit();
  throw new Error(`no answer from Redis at ${url}`);
}

import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface LimitSpec {
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/**
 * Application rate limits that must hold under concurrency: each attempt is one atomic increment
 * (in memory, or in Redis when several processes share REDIS_URL), never a count followed by an
 * insert, so parallel requests cannot all slip under the limit. If Redis stops answering, each
 * process falls back to its own in-memory window rather than refusing everybody.
 */
export class RateLimits {
  private readonly redis: Redis | undefined;
  private readonly keyPrefix: string;

  constructor(opts: { redisUrl?: string | undefined; keyPrefix: string }) {
    this.keyPrefix = opts.keyPrefix;
    // No offline queue: while Redis is down a limit is decided at once by the insurance limiter.
    this.redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    // Connection errors are retried by ioredis; without a listener they would crash the process.
    this.redis?.on('error', () => undefined);
  }

  limiter(name: string, spec: LimitSpec): RateLimiterAbstract {
    return atomicLimiter(
      name,
      spec,
      this.redis && { client: this.redis, keyPrefix: `${this.keyPrefix}:rl:${name}` },
    );
  }

  async close() {
    await this.redis?.quit().catch(() => undefined);
  }
}

/**
 * One limiter: in memory, or in Redis under `redis.keyPrefix` with the memory window as insurance, so
 * a Redis outage neither refuses everybody nor lets everything through.
 */
export function atomicLimiter(
  name: string,
  spec: LimitSpec,
  redis?: { client: Redis; keyPrefix: string },
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ ...spec, keyPrefix: name });
  if (!redis) return memory;
  return new RateLimiterRedis({
    ...spec,
    storeClient: redis.client,
    keyPrefix: redis.keyPrefix,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

/**
 * Records one attempt under `key`; null when it was allowed, else the milliseconds until the window
 * frees a place. A store failure that even the insurance limiter cannot absorb lets the attempt through.
 */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return res.msBeforeNext;
    return null;
  }
}

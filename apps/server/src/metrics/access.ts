import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@atrium/shared';

const LOOPBACK = [/^127\./, /^::1$/, /^::ffff:127\./];

/** A loopback address: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
export const isLoopback = (ip: string) => LOOPBACK.some((re) => re.test(ip));

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Who may read /metrics: with a token configured, whoever sends it as a bearer token; without one,
 * loopback clients only. `req.ip` honours TRUST_PROXY, so a proxy on the same machine does not make
 * every outside client look local.
 */
export function assertMetricsReader(req: FastifyRequest, token: string | undefined) {
  if (token) {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameToken(given, token)) throw new AppError('UNAUTHENTICATED');
    return;
  }
  if (!isLoopback(req.ip)) throw new AppError('FORBIDDEN');
}

import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { JanusEndpoint } from './voice/janusProcess.ts';

// proxy-addr's named ranges, which Fastify's trustProxy understands beside addresses and CIDRs.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string) => {
  if (PROXY_RANGES.has(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which direct peers may speak for the client through X-Forwarded-*: none by default, since a server
 * listening directly would otherwise take every client's word for its own address.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): false | string[] => {
    const list = (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!list.length || (list.length === 1 && list[0] === 'false')) return false;
    const bad = list.find((e) => !isProxyEntry(e));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: "${bad}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
      });
      return z.NEVER;
    }
    return list;
  });

// Env → typed config. Every variable has an embedded default so `npm start` needs nothing set.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  CONTACT_INBOX: z.string().default('hello@atrium.local'),
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  METRICS_TOKEN: z.string().min(16).optional(),
  TRUST_PROXY: trustProxySchema,
  SEED: z.enum(['true', 'false']).default('true'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_EXTRA_REDIRECT_URIS: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  SIGNIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  SIGNUP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  STORAGE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]+$/).default('atrium'),
  REALTIME: z.enum(['true', 'false']).default('true'),
  /**
   * This process's name behind a load balancer (with REDIS_URL): seat reservations then point at
   * PUBLIC_URL's /realtime/spaces/node/<name>/…, so the balancer can send a space socket to the
   * process that hosts its room (ops/haproxy/haproxy.cfg routes on it).
   */
  REALTIME_NODE: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  /** auto: start the installed Janus on loopback (or use VOICE_URL); off: no voice, text chat only. */
  VOICE: z.enum(['auto', 'off']).default('auto'),
  /** An external Janus: its WebSocket API, admin API, admin secret and VideoRoom admin_key. */
  VOICE_URL: z.string().url().optional(),
  VOICE_ADMIN_URL: z.string().url().optional(),
  VOICE_ADMIN_SECRET: z.string().optional(),
  VOICE_ROOM_ADMIN_KEY: z.string().optional(),
  /** Comma-separated STUN/TURN URLs handed to browsers (e.g. the compose file's coturn). */
  VOICE_ICE_URLS: z.string().optional(),
  VOICE_TURN_USERNAME: z.string().optional(),
  VOICE_TURN_CREDENTIAL: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['builtin', 'stripe']).default('builtin'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends its calls (a local stand-in in tests); Stripe's own host by default. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Signs the built-in provider's webhook calls; a fresh random secret per process when unset. */
  BUILTIN_PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Browser tests only: the plans' and slots' clock can be moved forward with POST /api/test/clock
   * (to see a trial or a plan run out). Refused unless NODE_ENV=test; off by default.
   */
  TEST_CLOCK: z.enum(['true', 'false']).default('false'),
  /**
   * Tests only: password hashes at a small argon2 cost, so the thousands of sign-ups and sign-ins of a
   * test run do not each spend 64 MiB and most of a second. Refused unless NODE_ENV=test; off by default.
   */
  TEST_FAST_PASSWORD_HASH: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** s3://bucket?endpoint=… for S3-compatible storage; absent means DATA_DIR/files. */
  storageUrl?: string;
  database: { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string; schema?: string };
  mail: { smtpUrl?: string; outboxDir: string; from: string; contactInbox: string };
  publicUrl: string;
  webDist: string;
  logLevel: string;
  rateLimit: { max: number; contactMax: number };
  bodyLimit: number;
  /** A request whose body has not fully arrived by then is answered 408 and its connection closed. */
  requestTimeoutMs: number;
  /** Bearer token /metrics asks for; unset: /metrics answers loopback clients only. */
  metricsToken?: string;
  /** Proxy addresses/CIDRs whose X-Forwarded-* headers are believed; false: none (listening directly). */
  trustProxy: false | string[];
  seed: boolean;
  /** TEST_CLOCK=true (NODE_ENV=test only): POST /api/test/clock moves the server's clock forward. */
  testClock?: boolean;
  auth: {
    /** Set when an external OpenID provider signs people in; absent means the built-in provider. */
    external?: { issuer: string; clientId: string; clientSecret?: string; audience?: string };
    extraRedirectUris: string[];
    accessTokenTtl: number;
    /**
     * Failed sign-ins allowed within 15 minutes per account from one client, and per client over all
     * accounts; past it per account from everywhere, attempts are slowed down, never refused.
     */
    signInMaxAttempts: number;
    /** Sign-up form posts per client IP per hour (each one costs an argon2 hash). */
    signUpMaxPerHour: number;
    /** TEST_FAST_PASSWORD_HASH=true (NODE_ENV=test only): new password hashes at a small cost. */
    fastPasswordHash?: boolean;
  };
  /** Space instances and hubs; with redisUrl several processes share rooms, counts and chat. */
  realtime: { enabled: boolean; redisUrl?: string; redisKeyPrefix: string; node?: string };
  /** Voice through Janus: `janus` is set for VOICE_URL, or by main.ts once it started a local one. */
  voice: { mode: 'auto' | 'off'; janus?: JanusEndpoint; iceServers: { urls: string[]; username?: string; credential?: string }[] };
  /** Card checkout: the built-in provider (no account anywhere) unless PAYMENT_PROVIDER=stripe. */
  payments: PaymentsConfig;
}

export type PaymentsConfig =
  | { provider: 'builtin'; webhookSecret?: string }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
    };

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  if (e.PAYMENT_PROVIDER === 'builtin')
    return { provider: 'builtin', ...(e.BUILTIN_PAYMENTS_WEBHOOK_SECRET ? { webhookSecret: e.BUILTIN_PAYMENTS_WEBHOOK_SECRET } : {}) };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET)
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  const api = {
    ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
    ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
    ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
  };
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    ...(Object.keys(api).length ? { api } : {}),
  };
}

function voiceConfig(e: z.infer<typeof envSchema>): Config['voice'] {
  const urls = (e.VOICE_ICE_URLS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const iceServers = urls.length
    ? [{ urls, ...(e.VOICE_TURN_USERNAME ? { username: e.VOICE_TURN_USERNAME } : {}), ...(e.VOICE_TURN_CREDENTIAL ? { credential: e.VOICE_TURN_CREDENTIAL } : {}) }]
    : [];
  if (!e.VOICE_URL || e.VOICE === 'off') return { mode: e.VOICE, iceServers };
  if (!e.VOICE_ADMIN_URL || !e.VOICE_ADMIN_SECRET || !e.VOICE_ROOM_ADMIN_KEY)
    throw new Error('VOICE_URL needs VOICE_ADMIN_URL, VOICE_ADMIN_SECRET and VOICE_ROOM_ADMIN_KEY');
  return {
    mode: e.VOICE,
    iceServers,
    janus: { wsUrl: e.VOICE_URL, adminUrl: e.VOICE_ADMIN_URL, adminSecret: e.VOICE_ADMIN_SECRET, roomAdminKey: e.VOICE_ROOM_ADMIN_KEY },
  };
}

/** A clock anyone can move must never reach a real server: only test processes may ask for one. */
function testClockAllowed(asked: boolean, env: Config['env']): boolean {
  if (asked && env !== 'test') throw new Error('TEST_CLOCK=true is only allowed with NODE_ENV=test');
  return asked;
}

/** Weak password hashes must never reach a real server either. */
function fastHashAllowed(asked: boolean, env: Config['env']): boolean {
  if (asked && env !== 'test') throw new Error('TEST_FAST_PASSWORD_HASH=true is only allowed with NODE_ENV=test');
  return asked;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = envSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const base: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    dataDir,
    ...(e.STORAGE_URL ? { storageUrl: e.STORAGE_URL } : {}),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_SCHEMA ? { schema: e.DATABASE_SCHEMA } : {}) }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    mail: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      outboxDir: path.join(dataDir, 'outbox'),
      from: e.MAIL_FROM,
      contactInbox: e.CONTACT_INBOX,
    },
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    rateLimit: { max: e.RATE_LIMIT_MAX, contactMax: e.CONTACT_RATE_LIMIT_MAX },
    bodyLimit: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    trustProxy: e.TRUST_PROXY,
    seed: e.SEED === 'true',
    testClock: testClockAllowed(e.TEST_CLOCK === 'true', e.NODE_ENV),
    auth: {
      ...(e.OIDC_ISSUER
        ? {
            external: {
              issuer: e.OIDC_ISSUER.replace(/\/+$/, ''),
              clientId: e.OIDC_CLIENT_ID ?? 'atrium-web',
              ...(e.OIDC_CLIENT_SECRET ? { clientSecret: e.OIDC_CLIENT_SECRET } : {}),
              ...(e.OIDC_AUDIENCE ? { audience: e.OIDC_AUDIENCE } : {}),
            },
          }
        : {}),
      extraRedirectUris: (e.OIDC_EXTRA_REDIRECT_URIS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
      signInMaxAttempts: e.SIGNIN_MAX_ATTEMPTS,
      signUpMaxPerHour: e.SIGNUP_RATE_LIMIT_MAX,
      ...(fastHashAllowed(e.TEST_FAST_PASSWORD_HASH === 'true', e.NODE_ENV) ? { fastPasswordHash: true } : {}),
    },
    realtime: {
      enabled: e.REALTIME === 'true',
      ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      ...(e.REALTIME_NODE ? { node: e.REALTIME_NODE } : {}),
    },
    payments: paymentsConfig(e),
    voice: voiceConfig(e),
  };
  return { ...base, ...overrides };
}

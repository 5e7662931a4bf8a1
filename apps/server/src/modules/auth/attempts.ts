import { AppError } from '@atrium/shared';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { take, type RateLimits } from '../../rateLimits.ts';

const WINDOW_SECONDS = 15 * 60;
/** One client may try this many times more accounts than attempts on one account. */
const CLIENT_FACTOR = 5;
const SLOWDOWN_STEP_MS = 500;
const SLOWDOWN_CAP_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sign-in throttling that a stranger cannot turn against the account's owner.
 *
 * - One client (IP) on one account: `max` attempts per 15 minutes, then refused. Only that client is
 *   refused, so failing from elsewhere never locks the owner out.
 * - One client over all accounts: `max × 5` failures, then refused (password spraying).
 * - One account from everywhere (a guesser spread over many addresses): past `max` attempts each
 *   further attempt on it waits a little longer (up to 5 s) before being checked, and is never refused;
 *   the owner still gets in, just more slowly, while every guesser stays bound by its per-client limit.
 *
 * Each attempt is counted atomically before the password is checked, so parallel guesses cannot all
 * pass a check made before any of them failed. A successful sign-in gives its points back.
 */
export class SignInThrottle {
  private readonly pair: RateLimiterAbstract;
  private readonly client: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly max: number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(limits: RateLimits, max: number, opts: { wait?: (ms: number) => Promise<void> } = {}) {
    this.max = max;
    this.pair = limits.limiter('signin-pair', { points: max, duration: WINDOW_SECONDS });
    this.client = limits.limiter('signin-client', { points: max * CLIENT_FACTOR, duration: WINDOW_SECONDS });
    this.account = limits.limiter('signin-account', { points: max, duration: WINDOW_SECONDS });
    this.wait = opts.wait ?? sleep;
  }

  /** Counts an attempt; throws RATE_LIMITED when this client is over its limits, waits when the account is. */
  async attempt(email: string, ip: string): Promise<void> {
    const [pairWait, clientWait] = await Promise.all([take(this.pair, `${email}|${ip}`), take(this.client, ip)]);
    if (pairWait !== null || clientWait !== null) throw new AppError('RATE_LIMITED');
    const over = await this.account.consume(email).then(
      () => 0,
      (res: unknown) => (res instanceof RateLimiterRes ? res.consumedPoints - this.max : 0),
    );
    if (over > 0) await this.wait(Math.min(SLOWDOWN_CAP_MS, over * SLOWDOWN_STEP_MS));
  }

  /** The right password: this client's count on the account restarts, and the attempt is given back. */
  async succeeded(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.pair.delete(`${email}|${ip}`),
      this.client.reward(ip, 1),
      this.account.reward(email, 1),
    ]).catch(() => undefined);
  }
}

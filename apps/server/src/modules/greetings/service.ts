import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, msg } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import { take } from '../../rateLimits.ts';

export interface GreetingsDeps {
  /** 403 BLOCKED when the two have blocked each other either way (blocks module). */
  assertCanReach: (fromId: string, toId: string) => Promise<void>;
  userExists: (id: string) => Promise<boolean>;
  /** The stored "{name} waved at you" notification (the notification hub delivers it live). */
  notify: (toId: string, from: Actor) => Promise<unknown>;
  /** One greeting per greeter and greeted person per window. */
  perPerson: RateLimiterAbstract;
  /** Greetings per greeter per minute, to anyone. */
  perGreeter: RateLimiterAbstract;
}

/**
 * The creator card's Greet (issue 20): the wave plays in the space (the viewer's emote) and the
 * greeted person gets a notification, wherever they are. Not to oneself, not between blocked people,
 * and not as a flood (429 RATE_LIMITED).
 */
export class GreetingsService {
  private readonly d: GreetingsDeps;
  constructor(deps: GreetingsDeps) {
    this.d = deps;
  }

  async greet(actor: Actor, userId: string): Promise<{ userId: string; greeted: true }> {
    if (userId === actor.userId) throw new AppError('BAD_REQUEST', msg.greet.self);
    if (!(await this.d.userExists(userId))) throw new AppError('NOT_FOUND', msg.blocks.userMissing);
    await this.d.assertCanReach(actor.userId, userId);
    if ((await take(this.d.perPerson, `${actor.userId}>${userId}`)) !== null)
      throw new AppError('RATE_LIMITED', msg.greet.tooOften);
    if ((await take(this.d.perGreeter, actor.userId)) !== null) throw new AppError('RATE_LIMITED');
    await this.d.notify(userId, actor);
    return { userId, greeted: true };
  }
}

import { z } from 'zod';

// Issue 20 block list and greetings: a person blocks another, who then cannot invite them to a
// party, greet them or message them directly (403 BLOCKED); greeting sends a wave as a notification.

export const BLOCK_LIMITS = {
  /** People one person may block (a flood of rows is refused). */
  maxBlocked: 1000,
} as const;

export const GREET_LIMITS = {
  /** One greeting per person greeted per this long (a wave, not a spam channel). */
  perPersonWindowMs: 60_000,
  /** Greetings one person may send per minute, to anyone. */
  perMinute: 10,
} as const;

export const blockedPerson = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  profilePicture: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPerson>;

export const blockStatus = z.object({ userId: z.string(), blocked: z.boolean() });
export type BlockStatus = z.infer<typeof blockStatus>;

export const greetResult = z.object({ userId: z.string(), greeted: z.literal(true) });

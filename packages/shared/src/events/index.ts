import { z } from 'zod';
import { msg } from '../messages.ts';
import { withoutNul } from '../input.ts';
import { sceneCard } from '../publishing/schema.ts';

// Scheduled events in a space (issue 20, spec §2 Viewer "Events" sidebar and "Event" chat): the
// space's owner schedules them; while one is on, its chat reaches every instance of the space.

export const EVENT_LIMITS = {
  titleMin: 2,
  titleMax: 80,
  descriptionMax: 2000,
  durationMinMinutes: 5,
  /** Twelve hours: longer gatherings are several events. */
  durationMaxMinutes: 720,
  /** How far ahead an event may be scheduled (a typo of a year, not ten). */
  maxDaysAhead: 366,
  /** A start this far in the past still counts as "now" (a form filled in a minute ago). */
  pastGraceMs: 10 * 60_000,
  /** Upcoming and live events a space may hold at once (a flood of rows is refused). */
  perSpaceMax: 50,
  /** RSVP'd people are reminded once, this long before the start (the reminder job's window). */
  reminderLeadMs: 15 * 60_000,
  /** How often the reminder job looks for events about to start. */
  reminderJobIntervalMs: 60_000,
} as const;

const text = (max: number) =>
  z
    .string()
    .transform((s) => withoutNul(s).trim())
    .pipe(z.string().max(max, msg.maxChars(max)));

const title = z
  .string()
  .transform((s) => withoutNul(s).trim())
  .pipe(
    z
      .string()
      .min(EVENT_LIMITS.titleMin, `The title should contain at least ${EVENT_LIMITS.titleMin} characters`)
      .max(EVENT_LIMITS.titleMax, msg.maxChars(EVENT_LIMITS.titleMax)),
  );
const durationMinutes = z
  .number()
  .int()
  .min(EVENT_LIMITS.durationMinMinutes)
  .max(EVENT_LIMITS.durationMaxMinutes);

export const sceneEventBody = z.strictObject({
  title,
  description: text(EVENT_LIMITS.descriptionMax).default(''),
  /** ISO date-time with offset; checked against "now" on the server (not in the past, within a year). */
  startsAt: z.iso.datetime({ offset: true }),
  durationMinutes,
  /** Who hosts it (shown on the event); the owner when omitted. */
  hostId: z.uuid().optional(),
});
export type SceneEventBody = z.input<typeof sceneEventBody>;

export const sceneEventPatch = z.strictObject({
  title: title.optional(),
  description: text(EVENT_LIMITS.descriptionMax).optional(),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  durationMinutes: durationMinutes.optional(),
  hostId: z.uuid().optional(),
});

export const sceneEventParams = z.strictObject({ id: z.uuid({ error: 'Not a valid event id' }) });

export const sceneEventView = z.object({
  eventId: z.string(),
  sceneId: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  host: z.object({ userId: z.string(), name: z.string().nullable(), profilePicture: z.string().nullable() }),
  /** Between start and end now: its chat is open to every instance. */
  live: z.boolean(),
  createdAt: z.string(),
  /** RSVP counts: people going and people not going. */
  going: z.number().int(),
  notGoing: z.number().int(),
  /** The caller's own answer (null: none yet, or signed out). */
  myRsvp: z.enum(['going', 'notGoing']).nullable(),
});
export type SceneEventView = z.infer<typeof sceneEventView>;

/** An Event-chat message as the live-user hub sends it to every instance of the space. */
export const eventMessage = z.object({
  id: z.string(),
  eventId: z.string(),
  sceneId: z.string(),
  /** The instance the sender is in (the others see where it came from). */
  instanceId: z.string().nullable(),
  text: z.string(),
  time: z.string(),
  user: z.object({ id: z.string(), name: z.string(), profilePicture: z.string().nullable() }),
});
export type EventMessage = z.infer<typeof eventMessage>;

export const sendEventMessageArgs = z.object({ text: z.string() });

/** RSVP (issue 20): going or not going; answering again replaces the earlier answer. */
export const RSVP_ANSWERS = ['going', 'notGoing'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const rsvpBody = z.strictObject({ answer: z.enum(RSVP_ANSWERS) });
export const rsvpStatus = z.object({
  eventId: z.string(),
  myRsvp: z.enum(RSVP_ANSWERS).nullable(),
  going: z.number().int(),
  notGoing: z.number().int(),
});
export type RsvpStatus = z.infer<typeof rsvpStatus>;
/** The owner's list of who answered, newest answer first. */
export const rsvpListItem = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  profilePicture: z.string().nullable(),
  answer: z.enum(RSVP_ANSWERS),
  answeredAt: z.string(),
});
export type RsvpListItem = z.infer<typeof rsvpListItem>;

/** Explore's "happening now" (issue 20): spaces with an event on or people in them right now. */
export const HAPPENING_NOW = {
  /** Spaces listed at most: the busiest first. */
  max: 12,
} as const;
export const happeningNowItem = z.object({
  card: sceneCard,
  /** The event on now in this space, if any. */
  event: z.object({ eventId: z.string(), title: z.string(), endsAt: z.string() }).nullable(),
  /** People in the space now, over all its instances (drafts previews not counted). */
  present: z.number().int(),
});
export type HappeningNowItem = z.infer<typeof happeningNowItem>;

import { z } from 'zod';
import { MARKETPLACE } from '../constants.ts';
import { msg } from '../messages.ts';
import { districtSubdomain, districtStyles, districtTitle } from './schema.ts';

// The district setup wizard's submission (spec §2 District setup wizard, §3 Cart, §4 Wizard and
// Submission, §5 submit-blocking messages) and district slots (spec §3 Slot districtSlot).

export const DISTRICT_SUBMISSION = {
  /** §1/§9 "Pro includes 4 slots": the district slots a new district starts with, free. */
  includedSlots: 4,
  /** An added district slot costs what an extra publishing slot costs (spec §3 "A new extra slot has priceCoin"). */
  slotPriceCoin: MARKETPLACE.items.extraSlot.priceCoin,
  /** Added slots in one submission. */
  extraSlotsMax: 20,
  /** Premade spaces bought in one upgrade. */
  premadeMax: 20,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 200,
} as const;

/**
 * The credits a wizard's cart costs: the added slots and the premade spaces bought at their district
 * price (the included slots and the free premade space cost nothing).
 */
export const districtCartCost = (extraSlots: number, premadePrices: readonly number[] = []): number =>
  extraSlots * DISTRICT_SUBMISSION.slotPriceCoin + premadePrices.reduce((s, p) => s + p, 0);

/** Credits still missing for a cart: what a credit bundle has to cover (spec §5 bundle filter). */
export const missingCredits = (costCoin: number, balance: number, bundleCoin = 0): number => Math.max(0, costCoin - balance - bundleCoin);

export interface SubmitState {
  /** The person's plan role is already Pro. */
  isPro: boolean;
  /** A plan was chosen in the Overview's picker (only offered when not Pro). */
  planChosen: boolean;
  creating: boolean;
  freeSpaceTemplateId: string | null;
  costCoin: number;
  balance: number;
  /** Credits of the chosen bundle, 0 when none. */
  bundleCoin: number;
}

export type SubmitBlocker = 'selectFreeSpace' | 'selectPlan' | 'insufficientCredits';

/**
 * Spec §5: submit is blocked when creating without the free premade space, when the role is not Pro
 * and no plan is chosen, or when credits are missing and no bundle is chosen. The blockers in that
 * order (empty when the wizard may submit); `blockerMessage` gives each one's spec message.
 */
export function submitBlockers(s: SubmitState): SubmitBlocker[] {
  const out: SubmitBlocker[] = [];
  if (s.creating && !s.freeSpaceTemplateId) out.push('selectFreeSpace');
  if (!s.isPro && !s.planChosen) out.push('selectPlan');
  if (missingCredits(s.costCoin, s.balance, s.bundleCoin) > 0) out.push('insufficientCredits');
  return out;
}

/** A blocker's §5 message from a message table (the server's English `msg`, or the web's translated one). */
export const blockerMessage = (m: Pick<typeof msg, 'districts' | 'marketplace'>, b: SubmitBlocker): string =>
  b === 'insufficientCredits' ? m.marketplace.insufficientCredits : m.districts[b];

/**
 * POST /api/districts/submission: the district (spec §3 form values), its theme and the cart, paid
 * with credits in the same transaction that creates it. `totalCoin` is what the wizard showed: a
 * different server total (a price changed meanwhile) is refused rather than charged.
 */
export const districtSubmitBody = z.strictObject({
  title: districtTitle,
  subdomain: districtSubdomain,
  public: z.boolean().default(true),
  visible: z.boolean().default(true),
  freeSpaceTemplateId: z.string({ error: msg.districts.selectFreeSpace }).min(1, msg.districts.selectFreeSpace).max(200),
  styles: districtStyles.default({}),
  extraSlots: z.number().int().min(0).max(DISTRICT_SUBMISSION.extraSlotsMax).default(0),
  totalCoin: z.number().int().min(0),
});
export type DistrictSubmitBody = z.input<typeof districtSubmitBody>;

export const idempotencyKeyHeader = z.string().min(DISTRICT_SUBMISSION.idempotencyKeyMin).max(DISTRICT_SUBMISSION.idempotencyKeyMax);

/**
 * POST /api/district/{id}/submission, the upgrade wizard's submit (spec §2 "When editing, it starts at
 * Space slots", §3 Cart slots + spaceTemplates): slots to add and premade spaces to buy for an existing
 * district, paid with credits in the same transaction that adds them.
 */
export const districtUpgradeBody = z.strictObject({
  extraSlots: z.number().int().min(0).max(DISTRICT_SUBMISSION.extraSlotsMax).default(0),
  spaceTemplateIds: z
    .array(z.string().min(1).max(200))
    .max(DISTRICT_SUBMISSION.premadeMax)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'Each premade space can be bought once'),
  totalCoin: z.number().int().min(0),
});
export type DistrictUpgradeBody = z.input<typeof districtUpgradeBody>;

/** A premade space a district owns: the free pick made at creation, or one bought later. */
export const districtPremadeView = z.object({
  spaceTemplateId: z.string(),
  /** True for the Pro plan's free pick. */
  free: z.boolean(),
  priceCoin: z.number().int(),
  purchasedAt: z.string().nullable(),
});

/** GET /api/purchase/district/{id} (spec §7 "purchased district items for {districtId}"), for the upgrade wizard. */
export const districtPurchasesView = z.object({
  districtId: z.string(),
  subdomain: z.string(),
  title: z.string(),
  includedSlots: z.number().int(),
  purchasedSlots: z.number().int(),
  premadeSpaces: z.array(districtPremadeView),
});
export type DistrictPurchasesView = z.infer<typeof districtPurchasesView>;

/** A district slot (spec §3 Slot with districtSlot): one of the district's publishing places. */
export const districtSlotView = z.object({
  slotId: z.string(),
  districtId: z.string(),
  districtTitle: z.string(),
  districtSubdomain: z.string(),
  /** 'included' (the Pro plan's 4) or 'purchased' (added in the wizard). */
  origin: z.enum(['included', 'purchased']),
  priceCoin: z.number().int().nullable(),
  sceneId: z.string().nullable(),
  sceneTitle: z.string().nullable(),
  /** Who published the space it holds. */
  publisherId: z.string().nullable(),
  createdAt: z.string(),
});
export type DistrictSlotView = z.infer<typeof districtSlotView>;

/** A new district's answer: where to go, and what the credits paid for. */
export const districtSubmitResult = z.object({
  districtId: z.string(),
  subdomain: z.string(),
  url: z.string(),
  slots: z.number().int(),
  paidCoin: z.number().int(),
});
export type DistrictSubmitResult = z.infer<typeof districtSubmitResult>;

/** An upgrade's answer: the district's slots and premade spaces now, and what the credits paid. */
export const districtUpgradeResult = districtSubmitResult.extend({ premadeSpaces: z.array(z.string()) });
export type DistrictUpgradeResult = z.infer<typeof districtUpgradeResult>;

/** What the wizard's Space slots step prices (spec §7 GET district items). */
export const districtItemView = z.object({ districtItemId: z.string(), type: z.enum(['slot']), priceCoin: z.number().int(), included: z.number().int() });

/** Answers of the district slot rules (beside the spec's own messages in `msg`). */
export const DISTRICT_SLOT_MSG = {
  membersOnly: "Only the district's owner and creators can publish into its slots",
  notAllocated: 'You have no free district slot allocated to you in this district',
  slotsForMembers: "Only the district's owner and creators can see its slots",
} as const;

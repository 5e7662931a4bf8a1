import { z } from 'zod';
import { MARKETPLACE } from '../constants.ts';
import { msg } from '../messages.ts';

// Marketplace (spec §3 Wallet, Internal transaction, Marketplace items; §7 wallet, marketplaceitem,
// internaltransaction; §9 prices). Credits are whole numbers; 10 credits buy what 1 euro buys.

export const MARKETPLACE_ITEM_TYPES = ['slot', 'level', 'premadeSpace'] as const;
export type MarketplaceItemType = (typeof MARKETPLACE_ITEM_TYPES)[number];

export const walletView = z.object({ availableBalance: z.number().int().nonnegative() });
export type WalletView = z.infer<typeof walletView>;

export const marketplaceItemView = z.object({
  itemId: z.string(),
  type: z.enum(MARKETPLACE_ITEM_TYPES),
  title: z.string(),
  priceCoin: z.number().int().positive(),
});
export type MarketplaceItemView = z.infer<typeof marketplaceItemView>;

const quantity = z
  .number({ error: msg.marketplace.badQuantity(MARKETPLACE.maxQuantity) })
  .int(msg.marketplace.badQuantity(MARKETPLACE.maxQuantity))
  .min(1, msg.marketplace.badQuantity(MARKETPLACE.maxQuantity))
  .max(MARKETPLACE.maxQuantity, msg.marketplace.badQuantity(MARKETPLACE.maxQuantity));

export const internalTransactionBody = z.strictObject({
  totalCoin: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  transactionItems: z
    .array(z.strictObject({ itemId: z.string().min(1).max(100), quantity }))
    .min(1)
    .max(MARKETPLACE.maxLines)
    .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, msg.marketplace.duplicateItem),
});
export type InternalTransactionBody = z.infer<typeof internalTransactionBody>;

/** Header of every credit purchase: the same key replays the first answer instead of charging again. Loose: the request's other headers stay as they are. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: msg.marketplace.idempotencyKeyRequired })
    .min(MARKETPLACE.idempotencyKeyMin, msg.marketplace.idempotencyKeyRequired)
    .max(MARKETPLACE.idempotencyKeyMax, msg.marketplace.idempotencyKeyRequired),
});

export const internalTransactionView = z.object({
  transactionId: z.string(),
  totalCoin: z.number().int(),
  transactionItems: z.array(z.object({ itemId: z.string(), quantity: z.number().int(), priceCoin: z.number().int() })),
  /** The wallet right after this purchase (a replay answers with the same figure). */
  availableBalance: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type InternalTransactionView = z.infer<typeof internalTransactionView>;

/** What the caller bought with credits (premade spaces show 'Purchased') and the plan's free picks left ('Free'). */
export const myPurchasesView = z.object({
  purchased: z.array(z.object({ itemId: z.string(), quantity: z.number().int().positive() })),
  freePremadeSpacesLeft: z.number().int().nonnegative(),
  /** Premium templates the caller builds on without buying: premade spaces of the districts where they are the Owner or a Creator. */
  districtTemplates: z.array(z.string()),
});
export type MyPurchasesView = z.infer<typeof myPurchasesView>;

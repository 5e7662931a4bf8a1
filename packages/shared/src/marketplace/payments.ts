import { z } from 'zod';
import { ROLES } from '../users/roles.ts';
import { CURRENCIES, DEFAULT_CURRENCY, PLAN_INTERVALS, PLAN_TIERS } from './catalogue.ts';

// Card checkout and plans (spec §3 Payment products, User subscription plan; §4 Subscription plan
// status; §7 stripe/*, externaltransaction/usersubscription). The contract is described for the web
// in apps/server/src/modules/payments/CONTEXT.md.

export const currencyQuery = z.strictObject({ currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY) });

export const oneTimeProductView = z.object({
  id: z.string(),
  productName: z.string(),
  /** Major units (12.5 = €12.50). */
  priceAmount: z.number().nonnegative(),
  currency: z.enum(CURRENCIES),
  coinAmount: z.number().int().positive(),
  iconId: z.number().int().min(1).max(4),
});
export type OneTimeProductView = z.infer<typeof oneTimeProductView>;

export const subscriptionProductView = z.object({
  id: z.string(),
  productName: z.string(),
  priceAmount: z.number().nonnegative(),
  currency: z.enum(CURRENCIES),
  interval: z.enum(PLAN_INTERVALS),
  /** The plan tier: FREE, STANDARD or PRO. */
  subscriptionIdentifier: z.enum(PLAN_TIERS),
  /** The monthly price of the same plan, for sorting and for "12 × monthly" (major units). */
  monthlyPriceAmount: z.number().nonnegative(),
  /** Yearly prices only: spec §9 discount in percent against 12 × monthly; 0 for monthly prices. */
  discountPercent: z.number().int().nonnegative(),
  /** Whether checkout sells it (the free plan is listed but not bought). */
  purchasable: z.boolean(),
});
export type SubscriptionProductView = z.infer<typeof subscriptionProductView>;

export const PAYMENT_PROVIDERS = ['builtin', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** How 'Failed to open {payment provider} checkout' (spec §8) names each provider. */
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderName, string> = { builtin: 'card', stripe: 'Stripe' };

export const paymentProductsView = z.object({
  /** The provider checkout opens with (names it in 'Failed to open {payment provider} checkout'). */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Sorted by coinAmount. */
  oneTimeProducts: z.array(oneTimeProductView),
  /** Sorted by monthly price, monthly before yearly within a plan. */
  subscriptionProducts: z.array(subscriptionProductView),
  currencySymbol: z.string(),
});
export type PaymentProductsView = z.infer<typeof paymentProductsView>;

export const checkoutSessionBody = z
  .strictObject({
    /** Credit bundle ids; one bundle at a time (spec §5). */
    oneTimeItemId: z.array(z.string().min(1).max(100)).max(1).default([]),
    /** A plan price id (plan-standard-monthly, …). */
    subscriptionId: z.string().min(1).max(100).optional(),
    currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  })
  .refine((b) => b.oneTimeItemId.length > 0 || b.subscriptionId !== undefined, { message: 'Choose a credit bundle or a plan' });
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBody>;

export const checkoutSessionView = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  sessionId: z.string(),
  /** Stripe embedded Checkout's client secret; for the built-in provider, the secret its pay call needs. */
  clientSecret: z.string(),
  /** Stripe only: the key Stripe.js is loaded with. */
  publishableKey: z.string().nullable(),
  amountMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
});
export type CheckoutSessionView = z.infer<typeof checkoutSessionView>;

export const sessionStatusQuery = z.strictObject({ sessionId: z.string().min(1).max(200) });
export const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export const sessionStatusView = z.object({
  sessionId: z.string(),
  status: z.enum(SESSION_STATUSES),
  paymentStatus: z.enum(['unpaid', 'paid', 'no_payment_required']),
  /** The built-in provider's last card answer, so the checkout page can show a decline or ask for confirmation. */
  cardStatus: z.enum(['none', 'declined', 'requires_action', 'succeeded']),
  amountMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  coinAmount: z.number().int().nonnegative(),
  subscriptionId: z.string().nullable(),
  /** 'setup' saves a card for the plan (updatepaymentmethod) and charges nothing. */
  mode: z.enum(['payment', 'setup']),
  /** Bundles and plans the session sells, for the checkout page's summary. */
  lines: z.array(z.object({ id: z.string(), productName: z.string(), amountMinor: z.number().int().nonnegative() })),
});
export type SessionStatusView = z.infer<typeof sessionStatusView>;

/** The built-in provider's card form. Numbers may carry spaces; expiry is MM/YY. */
export const builtinPayBody = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string()
    .max(40)
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
});
export type BuiltinPayBody = z.infer<typeof builtinPayBody>;
export const builtinConfirmBody = z.strictObject({ clientSecret: z.string().min(1).max(200) });
export const builtinPayView = z.object({ status: z.enum(['succeeded', 'requires_action']), sessionId: z.string() });
export type BuiltinPayView = z.infer<typeof builtinPayView>;

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Spec §3 User subscription plan and §4 status; `plan` FREE with nulls when the person never subscribed. */
export const userSubscriptionPlanView = z.object({
  priceId: z.string().nullable(),
  plan: z.enum(PLAN_TIERS),
  interval: z.enum(PLAN_INTERVALS).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** 0: renews; 2: canceled, ends at endsAt (spec §4). */
  isCanceled: z.union([z.literal(0), z.literal(2)]),
  endsAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  role: z.enum(ROLES),
});
export type UserSubscriptionPlanView = z.infer<typeof userSubscriptionPlanView>;

/** How long a preview's proration date may be charged at (the amount the person confirmed). */
export const UPGRADE_PREVIEW_VALID_SECONDS = 3600;
/** Spec §7 previewsubscriptionupdate: the plan price to move to (a higher plan, or yearly over monthly). */
export const subscriptionUpdateQuery = z.strictObject({ subscriptionId: z.string().min(1).max(100) });
/** What an upgrade charges now: the new price less the unused part of the current period (prorated). */
export const subscriptionUpdatePreviewView = z.object({
  priceId: z.string(),
  plan: z.enum(PLAN_TIERS),
  interval: z.enum(PLAN_INTERVALS),
  amountDueMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  /** When the upgraded plan's period ends. */
  endsAt: z.string(),
  /** Unix seconds the proration was computed at; send it to updatesubscription to be charged this amount. */
  prorationDate: z.number().int().positive(),
});
export type SubscriptionUpdatePreviewView = z.infer<typeof subscriptionUpdatePreviewView>;
/** Spec §7 updatesubscription. */
export const subscriptionUpdateBody = z.strictObject({
  subscriptionId: z.string().min(1).max(100),
  prorationDate: z.number().int().positive().optional(),
});
export type SubscriptionUpdateBody = z.infer<typeof subscriptionUpdateBody>;

/** One card payment in the caller's history (spec §3 payment history; §7 userproducts), newest first. */
export const paymentHistoryItemView = z.object({
  paymentId: z.string(),
  sessionId: z.string(),
  createdAt: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** What was bought: bundle and/or plan names. */
  description: z.string(),
  amountMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  coinAmount: z.number().int().nonnegative(),
  refundedCoin: z.number().int().nonnegative(),
  refundedMinor: z.number().int().nonnegative(),
  cardLast4: z.string().nullable(),
});
export type PaymentHistoryItemView = z.infer<typeof paymentHistoryItemView>;

/** One payment's receipt (spec §2 Wallet / billing, payment history): what was bought, line by line. */
export const paymentReceiptParams = z.strictObject({ paymentId: z.uuid() });
export const paymentReceiptView = z.object({
  paymentId: z.string(),
  createdAt: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  currency: z.enum(CURRENCIES),
  amountMinor: z.number().int().nonnegative(),
  coinAmount: z.number().int().nonnegative(),
  /** A bundle line at its price and a plan line with the rest (a plan upgrade's line is its prorated charge). */
  lines: z.array(z.object({ id: z.string(), productName: z.string(), amountMinor: z.number().int().nonnegative() })),
  refundedMinor: z.number().int().nonnegative(),
  refundedCoin: z.number().int().nonnegative(),
  /** The card paid with (null when the provider did not say, as for payments before card details were kept). */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type PaymentReceiptView = z.infer<typeof paymentReceiptView>;

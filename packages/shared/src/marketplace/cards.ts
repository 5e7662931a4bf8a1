import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './payments.ts';

/**
 * Spec §7 getuserslastcarddetails: the card a person last paid with or saved for their plan. Only
 * what a receipt shows; the number never leaves the card form (built-in) or Stripe.
 */
export const cardDetailsView = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** visa, mastercard, amex, … (Stripe's brand names); 'card' when unknown. */
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  updatedAt: z.string(),
});
export type CardDetailsView = z.infer<typeof cardDetailsView>;
export const lastCardDetailsView = z.object({ card: cardDetailsView.nullable() });
export type LastCardDetailsView = z.infer<typeof lastCardDetailsView>;

/**
 * Spec §7 updatepaymentmethod/subscription: a setup-mode checkout that saves a new card for the plan's
 * renewals without charging it. Built-in: the card page for `sessionId`; Stripe: embedded Checkout.
 */
export const paymentMethodSessionView = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  sessionId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
});
export type PaymentMethodSessionView = z.infer<typeof paymentMethodSessionView>;

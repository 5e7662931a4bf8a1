import type { Currency, PaymentProviderName, PlanInterval } from '@atrium/shared';
import type Stripe from 'stripe';

/** Stripe's tolerance for a webhook's signed timestamp; older (replayed, stale) ones are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface SessionRequest {
  userId: string;
  email: string | null;
  currency: Currency;
  /** One line per bundle or plan, in minor units. */
  lines: { id: string; productName: string; amountMinor: number; interval?: 'monthly' | 'yearly' }[];
  /** Sent to the provider with the create call, so a retried request opens one session. */
  idempotencyKey: string;
}

/** Moving a paid plan to a higher price (spec §7 previewsubscriptionupdate / updatesubscription). */
export interface PlanChange {
  /** The provider's subscription (Stripe's sub_…); null for plans the built-in provider holds. */
  externalSubscriptionId: string | null;
  currency: Currency;
  from: { amountMinor: number; interval: PlanInterval; periodEnd: Date };
  to: { priceId: string; productName: string; amountMinor: number; interval: PlanInterval };
  /** The instant the unused time is counted from (the preview's, so the charge equals what was shown). */
  prorationDate: Date;
}

/** What is kept of a card (brand, last 4, expiry) and the provider's handle for it (Stripe's pm_…). */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  paymentMethodId: string | null;
}

/** A checkout that saves a card for a plan's renewals and charges nothing (Stripe's setup mode). */
export interface SetupRequest {
  userId: string;
  email: string | null;
  currency: SessionRequest['currency'];
  /** The provider's subscription the card is for (Stripe: its customer gets the card). */
  externalSubscriptionId: string | null;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Stripe.js needs it in the browser; null for the built-in provider. */
  readonly publishableKey: string | null;
  createSession(req: SessionRequest): Promise<{ sessionId: string; clientSecret: string }>;
  /** Verifies the signature on the raw body (300 s tolerance) and parses the event; throws when forged or stale. */
  verify(rawBody: string | Buffer, signature: string): Stripe.Event;
  /** Turns renewal of a provider subscription off or on. */
  setAutoRenew(externalSubscriptionId: string, on: boolean): Promise<void>;
  /** What the change charges now, in minor units. */
  previewChange(c: PlanChange): Promise<number>;
  /** Changes the plan and charges the prorated amount to the card on file; answers the amount charged. */
  applyChange(c: PlanChange, idempotencyKey: string): Promise<number>;
  createSetupSession(req: SetupRequest): Promise<{ sessionId: string; clientSecret: string }>;
  /** The card a completed checkout was paid with or saved; null when the provider does not say. */
  cardOf(session: Stripe.Checkout.Session): Promise<CardDetails | null>;
  /** Makes a saved card the one the provider's subscription renews with. */
  useCardForSubscription(externalSubscriptionId: string, paymentMethodId: string): Promise<void>;
  /** Pays money back for a cleared payment. */
  refund(providerPaymentId: string | null, amountMinor: number, idempotencyKey: string): Promise<void>;
}

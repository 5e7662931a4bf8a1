// A checkout session the server opened, kept for the tab that opened it: the checkout page needs the
// client secret to pay, and where to go back to afterwards. sessionStorage, so another tab or a later
// visit cannot pay a session it did not start (it sees "expired" instead).
import { sessionStore } from '../../browserStorage.ts';

export interface PendingCheckout {
  provider: 'builtin' | 'stripe';
  clientSecret: string;
  publishableKey: string | null;
  /** Same-site path to return to once the payment is through (the wallet by default). */
  returnTo: string;
}

const KEY = (sessionId: string) => `atrium.checkout.${sessionId}`;

export const safeReturn = (path: string | null | undefined) => (path && path.startsWith('/') && !path.startsWith('//') ? path : '/wallet');

export function savePending(sessionId: string, p: PendingCheckout) {
  try {
    sessionStore().setItem(KEY(sessionId), JSON.stringify(p));
  } catch {
    // Private mode without storage: the checkout page then reports the session as unavailable.
  }
}

export function loadPending(sessionId: string): PendingCheckout | null {
  try {
    const raw = sessionStore().getItem(KEY(sessionId));
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<PendingCheckout>;
    if ((p.provider !== 'builtin' && p.provider !== 'stripe') || typeof p.clientSecret !== 'string') return null;
    return { provider: p.provider, clientSecret: p.clientSecret, publishableKey: p.publishableKey ?? null, returnTo: safeReturn(p.returnTo) };
  } catch {
    return null;
  }
}

export function forgetPending(sessionId: string) {
  try {
    sessionStore().removeItem(KEY(sessionId));
  } catch {
    // Nothing stored, nothing to forget.
  }
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { marketplaceKeys, slotKeys } from '../../api/keys.ts';
import type { Answer, JsonBody } from '../../api/wire.ts';
import { renewSession } from '../../auth/session.ts';

// Spec §7 wallet, marketplaceitem and internaltransaction through the generated client.

export type PurchaseBody = JsonBody<'/api/internaltransaction', 'post'>;

export function useWallet(enabled = true) {
  return useQuery({ queryKey: marketplaceKeys.wallet, queryFn: () => call(api.GET('/api/wallet')), enabled });
}

export function useMarketplaceItems(enabled = true) {
  return useQuery({ queryKey: marketplaceKeys.items, queryFn: () => call(api.GET('/api/marketplaceitem')), enabled, staleTime: 5 * 60_000 });
}

/** A price in credits from the catalogue the server sells from (never a figure of our own). */
export function useItemPrice(itemId: string, enabled = true): number | undefined {
  return useMarketplaceItems(enabled).data?.find((i) => i.itemId === itemId)?.priceCoin;
}

/**
 * Buys with credits. The Idempotency-Key is made once per intent by the caller and sent again on a
 * retry, so a repeated click or a lost answer never charges twice.
 */
export function usePurchase() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: PurchaseBody }) =>
      call(api.POST('/api/internaltransaction', { params: { header: { 'idempotency-key': key } }, body })),
    onSuccess: (r) => {
      qc.setQueryData(marketplaceKeys.wallet, { availableBalance: r.availableBalance });
      void qc.invalidateQueries({ queryKey: marketplaceKeys.all });
      void qc.invalidateQueries({ queryKey: slotKeys.my });
    },
  });
}

// Card checkout and plans (spec §7 stripe/*, externaltransaction/usersubscription), whichever payment
// provider the server is configured with.

export type Products = Answer<'/api/stripe/products', 'get'>;
export type SubscriptionProduct = Products['subscriptionProducts'][number];
export type CheckoutSession = Answer<'/api/stripe/checkout-session', 'post'>;
export type CheckoutRequest = JsonBody<'/api/stripe/checkout-session', 'post'>;
export type UserPlan = Answer<'/api/externaltransaction/usersubscription', 'get'>;

export function useProducts(enabled = true) {
  return useQuery({
    queryKey: marketplaceKeys.products,
    queryFn: () => call(api.GET('/api/stripe/products', { params: { query: { currency: 'eur' } } })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export const createCheckoutSession = (body: CheckoutRequest) => call(api.POST('/api/stripe/checkout-session', { body }));

export function useSessionStatus(sessionId: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: marketplaceKeys.session(sessionId),
    queryFn: () => call(api.GET('/api/stripe/session-status', { params: { query: { sessionId } } })),
    refetchInterval,
  });
}

export function useUserPlan(enabled = true) {
  return useQuery({ queryKey: marketplaceKeys.subscription, queryFn: () => call(api.GET('/api/externaltransaction/usersubscription')), enabled });
}

export type BuiltinPayBody = JsonBody<'/api/payments/builtin/sessions/{sessionId}/pay', 'post'>;
const session = (sessionId: string) => ({ params: { path: { sessionId } } });
/** The built-in provider's card payment for an open session (test numbers as at Stripe). */
export const builtinPay = (sessionId: string, body: BuiltinPayBody) =>
  call(api.POST('/api/payments/builtin/sessions/{sessionId}/pay', { ...session(sessionId), body }));
/** The payer's confirmation step that some cards ask for (4000 0025 0000 3155). */
export const builtinConfirm = (sessionId: string, clientSecret: string) =>
  call(api.POST('/api/payments/builtin/sessions/{sessionId}/confirm', { ...session(sessionId), body: { clientSecret } }));

/** Cancel at period end and re-enable auto-renewal; each renews the token's role. */
export function usePlanActions() {
  const qc = useQueryClient();
  const settle = {
    // Both answer with the plan as it now is: shown at once, then everything it affects is refetched.
    onSuccess: async (view: UserPlan) => {
      qc.setQueryData(marketplaceKeys.subscription, view);
      await qc.invalidateQueries({ queryKey: marketplaceKeys.all });
      await qc.invalidateQueries({ queryKey: slotKeys.my });
      await renewSession().catch(() => undefined);
    },
  };
  return {
    cancel: useMutation({ mutationFn: () => call(api.POST('/api/stripe/cancel/subscription')), ...settle }),
    reenable: useMutation({ mutationFn: () => call(api.POST('/api/stripe/removecancelationsubscription')), ...settle }),
  };
}

export type UpgradePreview = Answer<'/api/stripe/previewsubscriptionupdate', 'get'>;

/** What moving up to `priceId` charges now (spec §7 previewsubscriptionupdate); never cached for long, proration moves with time. */
export function useUpgradePreview(priceId: string | null) {
  return useQuery({
    queryKey: marketplaceKeys.upgradePreview(priceId ?? ''),
    queryFn: () => call(api.GET('/api/stripe/previewsubscriptionupdate', { params: { query: { subscriptionId: priceId ?? '' } } })),
    enabled: priceId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Spec §7 updatesubscription at the previewed proration date; the plan, slots, history and role change. */
export function useUpgrade() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: UpgradePreview) => call(api.POST('/api/stripe/updatesubscription', { body: { subscriptionId: p.priceId, prorationDate: p.prorationDate } })),
    onSuccess: async (view: UserPlan) => {
      qc.setQueryData(marketplaceKeys.subscription, view);
      await qc.invalidateQueries({ queryKey: marketplaceKeys.all });
      await qc.invalidateQueries({ queryKey: slotKeys.my });
      await renewSession().catch(() => undefined);
    },
  });
}

/** The caller's card payments, newest first (spec §7 userproducts). */
export function usePaymentHistory() {
  return useQuery({ queryKey: marketplaceKeys.history, queryFn: () => call(api.GET('/api/userproducts')) });
}

/** One payment's receipt, line by line (GET /api/userproducts/{paymentId}). */
export function useReceipt(paymentId: string | null) {
  return useQuery({
    queryKey: marketplaceKeys.receipt(paymentId ?? ''),
    queryFn: () => call(api.GET('/api/userproducts/{paymentId}', { params: { path: { paymentId: paymentId ?? '' } } })),
    enabled: paymentId !== null,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { marketplaceKeys } from '../../api/keys.ts';

// Spec §7 getuserslastcarddetails, updatepaymentmethod/subscription and marketplaceitem/my. The keys
// sit under marketplaceKeys.all, so a payment or purchase refetches them with the rest.
const cardKey = [...marketplaceKeys.all, 'card'] as const;
const purchasesKey = [...marketplaceKeys.all, 'purchases'] as const;

export function useLastCard(enabled = true) {
  return useQuery({ queryKey: cardKey, queryFn: () => call(api.GET('/api/getuserslastcarddetails')), enabled });
}

/** Opens the setup checkout that saves a new card for the plan (charges nothing). */
export const startPaymentMethodUpdate = () => call(api.POST('/api/stripe/updatepaymentmethod/subscription'));

/** What the caller bought with credits (premium templates show 'Purchased'). */
export function useMyPurchases(enabled = true) {
  return useQuery({ queryKey: purchasesKey, queryFn: () => call(api.GET('/api/marketplaceitem/my')), enabled });
}

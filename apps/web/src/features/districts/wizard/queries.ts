import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client.ts';
import type { Answer, JsonBody } from '../../../api/wire.ts';

// The setup wizard's and district slots' calls through the generated client.

export type DistrictSubmitBody = JsonBody<'/api/districts/submission', 'post'>;
export type DistrictSubmitResult = Answer<'/api/districts/submission', 'post'>;
export type DistrictSlot = Answer<'/api/slot/district', 'get'>[number];
export type DistrictUpgradeBody = JsonBody<'/api/district/{id}/submission', 'post'>;
export type DistrictPurchases = Answer<'/api/purchase/district/{id}', 'get'>;

export const wizardKeys = {
  available: (sub: string) => ['districts', 'available', sub] as const,
  items: ['districts', 'items'] as const,
  usableSlots: ['districts', 'usableSlots'] as const,
  purchases: (districtId: string) => ['districts', 'purchases', districtId] as const,
};

/** §5 availability check: 200 when free; the 4xx's message ('This district's title is already taken', …) otherwise. */
export function useSubdomainCheck(subdomain: string) {
  return useQuery({
    queryKey: wizardKeys.available(subdomain),
    queryFn: () => call(api.GET('/api/district/available/{subdomain}', { params: { path: { subdomain } } })),
    enabled: subdomain.length > 0,
    retry: false,
    staleTime: 10_000,
  });
}

export function useDistrictItems() {
  return useQuery({ queryKey: wizardKeys.items, queryFn: () => call(api.GET('/api/district/items')), staleTime: 5 * 60_000 });
}

export const submitDistrict = (key: string, body: DistrictSubmitBody) =>
  call(api.POST('/api/districts/submission', { params: { header: { 'idempotency-key': key } }, body }));

export const upgradeDistrict = (key: string, districtId: string, body: DistrictUpgradeBody) =>
  call(api.POST('/api/district/{id}/submission', { params: { header: { 'idempotency-key': key }, path: { id: districtId } }, body }));

/** What the district has (its slots and premade spaces): where the upgrade wizard starts (Owner only). */
export function useDistrictPurchases(districtId: string | undefined) {
  return useQuery({
    queryKey: wizardKeys.purchases(districtId ?? ''),
    queryFn: () => call(api.GET('/api/purchase/district/{id}', { params: { path: { id: districtId! } } })),
    enabled: districtId !== undefined,
    retry: false,
  });
}

/** Empty district slots the signed-in person may publish into (the publish wizard's placement step). */
export function useUsableDistrictSlots(enabled = true) {
  return useQuery({ queryKey: wizardKeys.usableSlots, queryFn: () => call(api.GET('/api/slot/district')), enabled });
}

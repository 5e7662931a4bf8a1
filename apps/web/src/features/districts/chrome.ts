import type { DistrictView } from '@atrium/shared';
import { api } from '../../api/client.ts';
import { applyDistrictTheme } from './districtTheme.ts';

/**
 * The district of this host, for the layout (header rules, theme): read without the query cache,
 * which the layout does not have. A district the visitor may not enter, or none, leaves the site's
 * own look (the page itself shows why).
 */
export async function loadDistrictChrome(subdomain: string): Promise<DistrictView | null> {
  try {
    const { data } = await api.GET('/api/district/info', { params: { query: { subdomain } } });
    applyDistrictTheme(data?.styles ?? null);
    return data ?? null;
  } catch {
    return null;
  }
}

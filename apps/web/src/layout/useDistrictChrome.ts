import { useEffect, useState } from 'react';
import type { DistrictRole } from './headerRules.ts';
import { currentDistrictSubdomain } from '../features/districts/currentDistrict.ts';

export interface DistrictChrome {
  inDistrict: boolean;
  districtRole: DistrictRole | null;
}

const subdomain = currentDistrictSubdomain();

/**
 * On a district host: the visitor's role there (for the header rules) and the district's theme on
 * every page. The code loads only on district hosts, so the main site's first load is unchanged.
 * Read again when the session changes (sign-in gives a role).
 */
export function useDistrictChrome(sessionKey: string): DistrictChrome {
  const [role, setRole] = useState<DistrictRole | null>(null);
  useEffect(() => {
    if (!subdomain) return;
    let live = true;
    void import('../features/districts/chrome.ts').then(async (m) => {
      const d = await m.loadDistrictChrome(subdomain);
      if (live) setRole(d?.districtUserRole ?? null);
    });
    return () => {
      live = false;
    };
  }, [sessionKey]);
  return { inDistrict: subdomain !== null, districtRole: role };
}

// Pure rules for what the header (and footer) show; spec §2 Header and §1 embedded mode.
import { readEmbedFlags } from '@atrium/shared/share/links';

export type DistrictRole = 'Owner' | 'Creator' | 'Guest';

export interface HeaderContext {
  pathname: string;
  search: string;
  signedIn: boolean;
  /** Set when the page belongs to a district; absent on the main site. */
  districtRole?: DistrictRole | null;
  inDistrict?: boolean;
}

export interface HeaderRules {
  /** Header and footer are not rendered at all (editor and viewer own the whole screen). */
  chromeHidden: boolean;
  embedded: boolean;
  logoLinksHome: boolean;
  showLogIn: boolean;
  showCreate: boolean;
  showCommunications: boolean;
  /** Explore, Resources, Pricing and Contact Us: hidden inside a district (spec §2 Header). */
  showSiteLinks: boolean;
  /** A district's Owner sees an upgrade option in its header (spec §2, §6). */
  showUpgrade: boolean;
}

const CHROMELESS = [/^\/curate(\/|$)/, /^\/editor(\/|$)/, /^\/viewer(\/|$)/];

export const isEmbedded = (pathname: string): boolean => pathname.split('/').includes('embed');

export function headerRules(ctx: HeaderContext): HeaderRules {
  const embedded = isEmbedded(ctx.pathname);
  const flags = readEmbedFlags(ctx.search, embedded);
  const chromeHidden = CHROMELESS.some((re) => re.test(ctx.pathname));
  const mayCreateHere = !ctx.inDistrict || ctx.districtRole === 'Owner' || ctx.districtRole === 'Creator';
  return {
    chromeHidden,
    embedded,
    logoLinksHome: !embedded,
    showLogIn: !ctx.signedIn && (!embedded || flags.showSignIn),
    // Signed out, "Create" leads to sign-in first; signed in it is "Create Space". Never when embedded.
    showCreate: !embedded && (ctx.signedIn ? mayCreateHere : true),
    showCommunications: !embedded || flags.showCommunications,
    showSiteLinks: !ctx.inDistrict,
    showUpgrade: Boolean(ctx.inDistrict) && ctx.districtRole === 'Owner' && !embedded,
  };
}

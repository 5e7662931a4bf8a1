import { msg } from '../messages.ts';

// Districts (spec §2, §3 District, §5 district validation, §6 district roles). Pure rules, no zod, so
// the web's subdomain check and the server's share one definition.

export const DISTRICT_ROLES = ['Owner', 'Creator', 'Guest'] as const;
export type DistrictRole = (typeof DISTRICT_ROLES)[number];
/** Roles an owner may give: there is exactly one Owner, the person who created the district. */
export const ASSIGNABLE_DISTRICT_ROLES = ['Creator', 'Guest'] as const satisfies readonly DistrictRole[];
export type AssignableDistrictRole = (typeof ASSIGNABLE_DISTRICT_ROLES)[number];

export const DISTRICT_LIMITS = {
  /** §5 District title: 2 to 50 characters. */
  titleMin: 2,
  titleMax: 50,
  /** §5 Subdomain: 2 to 50 (a DNS label may hold 63; the spec's 50 is the tighter rule). */
  subdomainMin: 2,
  subdomainMax: 50,
  /** §5: may not be www, api or auth. */
  reservedSubdomains: ['www', 'api', 'auth'] as readonly string[],
  subtitleMax: 100,
  descriptionMax: 2000,
  /**
   * Our choice, not the spec's: a cap per owner so one Pro account cannot squat a list of subdomains.
   */
  perOwner: 5,
  /** §1 "Pro plan gives 4 slots": the most slots one member may be allocated in a district. */
  allocatedSlotsMax: 4,
  /** An emailed invitation's code works this long, once. */
  invitationTtlDays: 14,
  invitationsPerRequest: 1,
  searchPageMax: 50,
} as const;

export type SubdomainCheck = { ok: true; subdomain: string } | { ok: false; message: string };

/**
 * §5 subdomain rule on what a person typed. Letters are folded to lower case (host names are
 * case-insensitive, so "Acme" and "acme" are one district), but only plain ASCII letters: anything
 * else is refused before folding, since some non-ASCII letters fold to ASCII ones (the Kelvin sign
 * to "k"). Labels with "--" in the third and fourth place are refused as reserved: "xn--" is
 * Punycode, which browsers show as Unicode look-alikes of other districts' names.
 */
export function checkSubdomain(raw: string): SubdomainCheck {
  if (raw.length === 0) return { ok: false, message: msg.required };
  if (raw.length > DISTRICT_LIMITS.subdomainMax) return { ok: false, message: msg.maxChars(DISTRICT_LIMITS.subdomainMax) };
  if (!/^[A-Za-z0-9-]+$/.test(raw) || raw.startsWith('-') || raw.endsWith('-')) return { ok: false, message: msg.districts.subdomainFormat };
  const subdomain = raw.toLowerCase();
  if (subdomain.length < DISTRICT_LIMITS.subdomainMin) return { ok: false, message: msg.minChars(DISTRICT_LIMITS.subdomainMin) };
  if (DISTRICT_LIMITS.reservedSubdomains.includes(subdomain) || subdomain.slice(2, 4) === '--')
    return { ok: false, message: msg.districts.subdomainReserved(subdomain) };
  return { ok: true, subdomain };
}

/**
 * The district subdomain a request's host names under the public host, or null for the public host
 * itself and any other host. `acme.localhost:3000` under `http://localhost:3000` is "acme"; only one
 * label deep (`a.b.localhost` is not a district).
 */
export function districtSubdomainOf(host: string | undefined, publicUrl: string): string | null {
  if (!host) return null;
  const base = new URL(publicUrl);
  const [hostname = '', port = ''] = splitHost(host.toLowerCase());
  const basePort = base.port;
  if (port !== basePort) return null;
  const suffix = `.${base.hostname.toLowerCase()}`;
  if (!hostname.endsWith(suffix)) return null;
  const label = hostname.slice(0, -suffix.length);
  if (!label || label.includes('.')) return null;
  return label;
}

function splitHost(host: string): [string, string] {
  if (host.startsWith('[')) return [host, ''];
  const i = host.lastIndexOf(':');
  return i === -1 ? [host, ''] : [host.slice(0, i), host.slice(i + 1)];
}

/** The district's home page: the public URL with the subdomain in front of its host. */
export function districtUrl(publicUrl: string, subdomain: string, pathname = '/'): string {
  const u = new URL(publicUrl);
  u.hostname = `${subdomain}.${u.hostname}`;
  u.pathname = pathname;
  return u.toString();
}

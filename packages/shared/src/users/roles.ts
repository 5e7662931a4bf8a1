// Spec §6: roles come from the token; the highest wins. Display names follow the product's plan labels.
export const ROLES = ['free-user', 'pro-user', 'premium-user'] as const;
export type Role = (typeof ROLES)[number];

const rank: Record<Role, number> = { 'free-user': 0, 'pro-user': 1, 'premium-user': 2 };

export const ROLE_DISPLAY_NAMES: Record<Role, string> = {
  'free-user': 'Free user',
  'pro-user': 'STANDARD user',
  'premium-user': 'PRO user',
};

export const isRole = (v: unknown): v is Role =>
  typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** The effective role from a token's `roles` claim (string or list); unknown values are ignored. */
export function highestRole(roles: unknown): Role {
  const list = Array.isArray(roles) ? roles : typeof roles === 'string' ? roles.split(/[\s,]+/) : [];
  let best: Role = 'free-user';
  for (const r of list) if (isRole(r) && rank[r] > rank[best]) best = r;
  return best;
}

export const roleAtLeast = (role: Role, needed: Role): boolean => rank[role] >= rank[needed];

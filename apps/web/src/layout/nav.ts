// Menu structure shared by the desktop header, the mobile menu and the footer.
export const SOLUTIONS_BY_INDUSTRY = [
  'retail-and-ecommerce',
  'museums-and-galleries',
  'events-and-live-shows',
  'edtech-and-learning',
] as const;
export const SOLUTIONS_BY_FUNCTION = [
  'corporate-training',
  'art-and-creative-work',
  'marketing-and-brands',
  'learning-and-training',
] as const;
export const SOLUTION_SLUGS = [...SOLUTIONS_BY_INDUSTRY, ...SOLUTIONS_BY_FUNCTION] as const;
export type SolutionSlug = (typeof SOLUTION_SLUGS)[number];
export const isSolutionSlug = (s: string | undefined): s is SolutionSlug =>
  (SOLUTION_SLUGS as readonly string[]).includes(s ?? '');

export const RESOURCE_LINKS = [
  { key: 'nav.faq', to: '/resources/faqs' },
  { key: 'nav.guides', to: '/resources/guides' },
  { key: 'nav.videoTutorials', to: '/resources/video-tutorials' },
  { key: 'nav.glossary', to: '/resources/glossary' },
] as const;

export const PATHS = {
  home: '/',
  explore: '/explore',
  pricing: '/pricing',
  contact: '/contact',
  login: '/login',
  create: '/curate',
  /** A district Owner's upgrade (the setup wizard, which starts at Space slots for an existing district). */
  districtUpgrade: '/district-setup',
  solution: (slug: string) => `/solutions/${slug}`,
  /** "Create" for a signed-out visitor: a newcomer, so the provider's sign-up form, then the new space. */
  signUpToCreate: '/login?redirect=%2Fcurate&screen=signup',
} as const;

/** Profile-area links send signed-out visitors through sign-in first (spec §2 Footer). */
export const signInFirst = (to: string, signedIn: boolean): string =>
  signedIn ? to : `${PATHS.login}?redirect=${encodeURIComponent(to)}`;

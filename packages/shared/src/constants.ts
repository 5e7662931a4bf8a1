// Business constants and limits from spec §9, in one place.
export const PRODUCT_NAME = 'Atrium';
export const THEME = {
  primary: '#3DABFF',
  fontFamily: 'Urbanist',
  containerMaxWidth: 1528,
  radiusXl: 32,
  breakpoints: { xs: '32.5em', sm: '57.5em', md: '83.75em', lg: '95em', xl: '160em' },
  headerHeight: 120,
  headerHeightCompact: 60,
  modalZIndex: 10000001,
  drawerZIndex: 1001,
} as const;
export const TIMINGS = {
  pageChunkTimeoutMs: 60_000,
  scriptChunkTimeoutMs: 120_000,
  carouselIntervalMs: 3000,
  sliderTransitionMs: 500,
  autosaveMs: 30_000,
  toastMs: { success: 3000, error: 3000, info: 4000, warning: 4000, save: 600, copy: 400 },
} as const;
export const PAGING = { defaultIpp: 9, maxIpp: 100 } as const;
export const LIMITS = {
  spaceNameMax: 100,
  titleMin: 2,
  titleMax: 50,
  subdomainMax: 50,
  subdomainHardMax: 63,
  reservedSubdomains: ['www', 'api', 'auth'] as readonly string[],
  freeSlotDays: 30,
  maxRealtimeUsers: 25,
  wallHeightM: 4,
} as const;
export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, countryMax: 100, companyMax: 200, messageMax: 5000 } as const;
// Spec §9: how many drafts each plan may hold at once (null = unlimited). Keys are the token roles.
export const DRAFTS_LIMITS = { 'free-user': 2, 'pro-user': 5, 'premium-user': null } as const;
// Publishing (spec §5, §9; issue 8). Every account gets a trial slot that expires freeSlotDays after
// sign-up; plan slots come on top of it (Standard 1, Pro 4), so a free account's one slot is the trial.
export const SLOTS = {
  trialDays: LIMITS.freeSlotDays,
  planSlots: { 'free-user': 0, 'pro-user': 1, 'premium-user': 4 },
  expiryJobIntervalMs: 60_000,
} as const;
/**
 * Plans (spec §4, §9; issue 15). When a plan ends, the spaces in its slots stay published for
 * `lapsedSlotGraceDays` more days, then the slot expiry job unpublishes them and notifies the owner.
 * Pro includes free premade spaces.
 */
export const SUBSCRIPTIONS = {
  lapsedSlotGraceDays: 3,
  renewJobIntervalMs: 60_000,
  freePremadeSpaces: { 'free-user': 0, 'pro-user': 0, 'premium-user': 1 },
} as const;
/**
 * Marketplace (spec §1, §9): 10 credits per euro; keeping the trial slot costs 600 credits, an extra
 * level 50. The spec gives no price for an extra publishing slot; it costs what keeping the trial
 * slot costs (one slot that never expires). The catalogue rows in the database carry these prices.
 */
export const MARKETPLACE = {
  creditsPerEuro: 10,
  items: {
    keepTrialSlot: { itemId: 'keep-trial-slot', type: 'slot', title: 'Keep your trial slot', priceCoin: 600, maxQuantity: 1 },
    extraSlot: { itemId: 'extra-slot', type: 'slot', title: 'Extra publishing slot', priceCoin: 600, maxQuantity: 20 },
    extraLevel: { itemId: 'extra-level', type: 'level', title: 'Extra level', priceCoin: 50, maxQuantity: 20 },
  },
  /** Quantity of one line of a purchase; each item may allow fewer. */
  maxQuantity: 20,
  maxLines: 10,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 200,
} as const;
export const PUBLISH_LIMITS = {
  tagsMin: 3,
  tagsMax: 10,
  tagMinChars: 2,
  tagMaxChars: 30,
  descriptionMax: 10_000,
  aclMax: 200,
  /** Photos in a space's gallery (each within the picture limit, JPEG/PNG/WebP by their bytes). */
  galleryMax: 12,
} as const;
/** User groups: name lengths, how many an owner keeps and how many members each holds. */
export const GROUP_LIMITS = { titleMax: 60, descriptionMax: 500, groupsPerOwner: 50, membersMax: 500, membersPerRequest: 50, pendingInvitationsMax: 200 } as const;
export const SOCIAL_LIMITS = {
  viewWindowHours: 6,
  commentMaxChars: 2000,
  /** Comments per user per window before 429. */
  commentRateMax: 5,
  commentRateWindowMs: 60_000,
  notificationsPageMax: 50,
  /** The viewer's TRENDING list counts likes and views of the last days. */
  trendingWindowDays: 7,
} as const;

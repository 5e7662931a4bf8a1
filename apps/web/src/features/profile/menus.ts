// Spec §2 Account page menus and the user route segments (user/{userId}/{category}/{subcategory}).
export interface MenuItem {
  key: string;
  label: string;
}
export interface MenuCategory extends MenuItem {
  items: MenuItem[];
}

export const PROFILE_MENUS: MenuCategory[] = [
  {
    key: 'spaces',
    label: 'profile.menus.spaces',
    items: [
      { key: 'published', label: 'profile.menus.published' },
      { key: 'drafts', label: 'profile.menus.drafts' },
    ],
  },
  {
    key: 'districts',
    label: 'profile.menus.districts',
    items: [
      { key: 'my-districts', label: 'profile.menus.myDistricts' },
      { key: 'others-districts', label: 'profile.menus.othersDistricts' },
      { key: 'following-districts', label: 'profile.menus.followingDistricts' },
      { key: 'what-is-district', label: 'profile.menus.whatIsDistrict' },
    ],
  },
  {
    key: 'connections',
    label: 'profile.menus.connections',
    items: [
      { key: 'followers', label: 'profile.followers' },
      { key: 'following', label: 'profile.following' },
      { key: 'groups', label: 'profile.menus.groups' },
    ],
  },
  {
    key: 'library',
    label: 'profile.menus.library',
    items: [
      { key: 'images', label: 'profile.menus.images' },
      { key: 'videos', label: 'profile.menus.videos' },
      { key: '3d-models', label: 'profile.menus.models' },
      { key: '3d-texts', label: 'profile.menus.texts' },
      { key: '3d-hypertexts', label: 'profile.menus.hypertexts' },
      { key: 'webviews', label: 'profile.menus.webviews' },
    ],
  },
  {
    key: 'activity',
    label: 'profile.menus.activity',
    items: [
      { key: 'favorites', label: 'profile.menus.favorites' },
      { key: 'history', label: 'profile.menus.history' },
    ],
  },
];

/** Sections only the owner sees (drafts, library management, activity). */
// A person's own and member districts are theirs to see (the API answers only for the caller); following is public.
export const OWNER_ONLY = new Set(['spaces/drafts', 'activity/favorites', 'activity/history', 'districts/my-districts', 'districts/others-districts']);

export function resolveSection(category?: string, subcategory?: string) {
  const cat = PROFILE_MENUS.find((c) => c.key === category) ?? PROFILE_MENUS[0]!;
  const sub = cat.items.find((i) => i.key === subcategory) ?? cat.items[0]!;
  return { category: cat, sub };
}

export const SORTS = ['date', 'views', 'likes'] as const;
export type SortKey = (typeof SORTS)[number];

/**
 * Which of the Sort select and the grid/list switch act on a section; only those show. Spaces,
 * activity and the library sort and switch; follower lists only switch; groups and districts
 * do neither.
 */
export function sectionControls(category: string, sub: string): { sort: boolean; view: boolean } {
  if (category === 'spaces' || category === 'activity' || category === 'library') return { sort: true, view: true };
  if (category === 'connections' && (sub === 'followers' || sub === 'following')) return { sort: false, view: true };
  return { sort: false, view: false };
}

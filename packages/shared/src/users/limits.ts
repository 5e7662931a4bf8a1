// Spec §3 User and §5 rules: field lengths and picture sizes, kept free of zod so a page that only
// shows limits (Explore, the gallery picker) does not download the schemas.
export const USER_LIMITS = {
  nameMax: 100,
  bioMax: 1000,
  cityMax: 100,
  countryMax: 100,
  occupationMax: 100,
  websiteMax: 2048,
  invitationCodeMax: 64,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 256,
  /** Spec §5: picture 8 MB. */
  pictureBytes: 8 * 1024 * 1024,
  pictureTypes: ['image/jpeg', 'image/png', 'image/webp'] as readonly string[],
} as const;

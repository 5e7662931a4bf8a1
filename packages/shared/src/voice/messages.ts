/**
 * Spec §8 messages and the voice answers built on them. Apart from the schemas (zod) in index.ts, so
 * the error catalogue, which every page loads, does not pull zod into the home page's first load.
 */
export const VOICE_MESSAGES = {
  microphoneRefused: 'You should give access to your microphone device',
  communicationsDisabled: 'Communications are disabled',
  mutedByOwner: 'The owner of this space muted you',
  notSetUp: 'Voice is not set up on this server',
} as const;

// The spec messages the web's first load shows (not-found and error pages, a page chunk that timed out).
// Part of `msg` (messages.ts spreads them in); a file of their own so the web's boot chunk can carry these
// few strings without the whole catalogue (~5 KB gzip).
export const shellMsg = {
  pageNotFoundTitle: 'Page not found',
  pageNotFoundText: 'The page you are looking for does not exist.',
  returnToHomepage: 'Return to homepage',
  somethingWentWrong: 'Something went wrong',
  chunkTimeout: 'Failed to load chunked component due to timeout',
} as const;

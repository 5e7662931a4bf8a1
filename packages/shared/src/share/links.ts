// Viewer, embed and social-share links (spec §2 Share). Pure so the web and tests share one truth.

export interface EmbedFlags {
  showSignIn: boolean;
  showCommunications: boolean;
}

export const EMBED_SIZE = { width: 700, height: 500 } as const;

export const EMBED_PATH_PREFIX = '/viewer/embed/';

/** The embed viewer's own page (one scene id after the prefix): the only page other sites may frame. */
export const isEmbedViewerPath = (pathname: string): boolean =>
  pathname.startsWith(EMBED_PATH_PREFIX) && /^[^/]+\/?$/.test(pathname.slice(EMBED_PATH_PREFIX.length));

export function viewerUrl(origin: string, sceneId: string): string {
  return new URL(`/viewer/${encodeURIComponent(sceneId)}`, origin).toString();
}

export function embedUrl(origin: string, sceneId: string, flags: EmbedFlags): string {
  const url = new URL(`${EMBED_PATH_PREFIX}${encodeURIComponent(sceneId)}`, origin);
  url.searchParams.set('showSignIn', flags.showSignIn ? '1' : '0');
  url.searchParams.set('showCommunications', flags.showCommunications ? '1' : '0');
  return url.toString();
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The copyable iframe snippet: 700x500, no border, flags as 1 or 0. */
export function embedSnippet(origin: string, sceneId: string, flags: EmbedFlags, title = 'Atrium space'): string {
  return (
    `<iframe src="${escapeAttr(embedUrl(origin, sceneId, flags))}" width="${EMBED_SIZE.width}" ` +
    `height="${EMBED_SIZE.height}" style="border:none" frameborder="0" title="${escapeAttr(title)}" ` +
    `allow="fullscreen; autoplay; xr-spatial-tracking" allowfullscreen></iframe>`
  );
}

export const SHARE_TARGETS = ['Facebook', 'X', 'Reddit', 'WhatsApp', 'Viber', 'E-mail', 'LinkedIn'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export function shareLink(target: ShareTarget, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (target) {
    case 'Facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'X':
      return `https://x.com/intent/post?url=${u}&text=${t}`;
    case 'Reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'WhatsApp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'Viber':
      return `viber://forward?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'E-mail':
      return `mailto:?subject=${t}&body=${u}`;
    case 'LinkedIn':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
  }
}

/** Reads the embed flags from a query string; both default to shown outside embed mode (spec §1). */
export function readEmbedFlags(search: string, embedded: boolean): EmbedFlags {
  const q = new URLSearchParams(search);
  const flag = (name: string) => (embedded ? q.get(name) === '1' : q.get(name) !== '0');
  return { showSignIn: flag('showSignIn'), showCommunications: flag('showCommunications') };
}

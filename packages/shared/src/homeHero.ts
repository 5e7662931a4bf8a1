/**
 * The home hero's picture, at a fixed address (apps/web/public) so the server's HTML can name it
 * (seo.ts `heroImage`). Its own module: the web's hero imports it without the route table of seo.ts.
 */
export const HOME_HERO_IMAGE = {
  src: '/art/gallery.svg',
  alt: 'An isometric Atrium gallery with framed pictures, a sculpture and two visitors',
  width: 800,
  height: 600,
} as const;

import { routeMeta, type RouteMeta } from '@atrium/shared/seo';
import { pageTitled } from './pageTitle.ts';

function setMeta(attr: 'name' | 'property', key: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string | null) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * Mirrors what the server injects for crawlers, so client-side navigation keeps tags in step. Not
 * called for the address the server rendered (RootLayout): its tags can be more specific than the
 * route's (a space's or an article's own title and cover).
 */
export function applyRouteMeta(pathname: string, origin: string = window.location.origin): RouteMeta {
  const meta = routeMeta(pathname);
  // A page that already titled this address (it loaded before this lazily loaded table) keeps its own.
  if (!pageTitled(pathname)) {
    document.title = meta.title;
    setMeta('name', 'description', meta.description);
    setMeta('property', 'og:title', meta.title);
  }
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:url', origin + pathname);
  setCanonical(meta.noindex ? null : origin + pathname);
  setMeta('property', 'og:image', meta.image ? new URL(meta.image, origin).href : null);
  setMeta('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary');
  setMeta('name', 'robots', meta.noindex ? 'noindex, nofollow' : null);
  return meta;
}

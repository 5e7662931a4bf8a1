/**
 * A page's own title (a space's, an article's) wins over its route's generic one. The route table
 * loads lazily (RootLayout), so its generic title can land after the page set its own: the page marks
 * the address it titled, and `applyRouteMeta` leaves the title and description of that address alone.
 */
let titledPath: string | null = null;

export function setPageTitle(title: string, description?: string): void {
  titledPath = window.location.pathname;
  document.title = title;
  document.head.querySelector('meta[property="og:title"]')?.setAttribute('content', title);
  if (description !== undefined) document.head.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/** Whether a page has given this address its own title since it was opened. */
export function pageTitled(pathname: string): boolean {
  return titledPath === pathname;
}

/** Called on every navigation: a new address starts with the route's title until its page says otherwise. */
export function forgetPageTitle(pathname: string): void {
  if (titledPath !== pathname) titledPath = null;
}

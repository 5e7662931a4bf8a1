import { Suspense, useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../auth/useSession.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { headerRules } from './headerRules.ts';
import { useDistrictChrome } from './useDistrictChrome.ts';
import { forgetPageTitle } from '../seo/pageTitle.ts';
import type * as RouteMetaModule from '../seo/applyRouteMeta.ts';

export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader />
    </Center>
  );
}

// The address the server rendered the tags for: they can be more specific than the route's (a space's or
// an article's own title and cover), so they stay until the visitor moves on. The route table behind
// applyRouteMeta (every page's title and lead) loads only then, outside the first page's scripts.
const servedPath = typeof window === 'undefined' ? null : window.location.pathname;
let onServedPage = true;
let routeMetaModule: Promise<typeof RouteMetaModule> | undefined;

function syncRouteMeta(pathname: string) {
  forgetPageTitle(pathname);
  if (onServedPage && pathname === servedPath && document.head.querySelector('meta[property="og:title"]')) return;
  onServedPage = false;
  // One promise: tags from quick successive navigations are applied in order.
  routeMetaModule ??= import('../seo/applyRouteMeta.ts');
  void routeMetaModule.then((m) => m.applyRouteMeta(pathname));
}

export function RootLayout({ children }: { children?: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const session = useSession();
  const district = useDistrictChrome(session.status === 'signed-in' ? session.user.userId : session.status);
  const rules = headerRules({ pathname, search, signedIn: session.status === 'signed-in', ...district });

  useEffect(() => {
    syncRouteMeta(pathname);
  }, [pathname]);

  return (
    <div style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {!rules.chromeHidden && <Header rules={rules} />}
      {/* At least a screen tall: the footer starts below the fold, so a lazy page arriving does not shift it (CLS). */}
      <main id="main" tabIndex={-1} style={{ flex: 1, outline: 'none', minHeight: '100dvh' }}>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </main>
      {!rules.chromeHidden && <Footer />}
      <ScrollRestoration />
    </div>
  );
}

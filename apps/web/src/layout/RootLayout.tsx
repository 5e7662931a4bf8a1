import { Suspense, useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../auth/useSession.ts';
import { applyRouteMeta } from '../seo/applyRouteMeta.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { headerRules } from './headerRules.ts';

export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader />
    </Center>
  );
}

export function RootLayout({ children }: { children?: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const session = useSession();
  const rules = headerRules({ pathname, search, signedIn: session.status === 'signed-in' });

  useEffect(() => {
    applyRouteMeta(pathname);
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

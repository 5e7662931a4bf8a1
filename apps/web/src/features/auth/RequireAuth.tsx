import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../layout/RootLayout.tsx';
import { useSession } from '../../auth/useSession.ts';
import { isLeaving, signIn } from '../../auth/session.ts';

/** Spec §6: signed-out visitors of user pages, settings or wallet sign in first, then come back here. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (session.status === 'signed-out' && !isLeaving()) void signIn(`${pathname}${search}`);
  }, [session.status, pathname, search]);
  // Just logged out or deleted the account: go home instead of straight back to sign-in.
  if (session.status === 'signed-out' && isLeaving()) return <Navigate to="/" replace />;
  if (session.status !== 'signed-in') return <PageLoader />;
  return <>{children}</>;
}

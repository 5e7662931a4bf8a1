import { useSyncExternalStore } from 'react';
import { getSession, subscribe, type Session } from './session.ts';

// The one place the web app learns who is signed in (oidc-client-ts behind it, see session.ts).
export type { Session, SessionUser } from './session.ts';

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Read by the API client outside React. */
export function currentAccessToken(): string | null {
  return getSession().token;
}

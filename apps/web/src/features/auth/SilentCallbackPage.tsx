import { useEffect } from 'react';
import { completeSilentRenew } from '../../auth/session.ts';

/** Loaded in a hidden iframe by silent renew; hands the new tokens to the parent window. */
export default function SilentCallbackPage() {
  useEffect(() => {
    void completeSilentRenew().catch(() => undefined);
  }, []);
  return null;
}

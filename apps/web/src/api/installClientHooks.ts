import { clientHooks } from './clientHooks.ts';

export function installClientHooks() {
  // Loaded on demand: a 403 is rare, and the toast code is not needed for the first paint.
  clientHooks.onForbidden = (message) => void import('../notify.ts').then(({ notify }) => notify.error(message));
}

import { currentAccessToken } from '../auth/useSession.ts';

/**
 * Hooks the app installs once (token source, 403 toast) so the client stays free of React. Apart from
 * client.ts so installing them on the first paint does not load the client itself.
 */
export const clientHooks: {
  getToken: () => string | null;
  onForbidden: (message: string) => void;
} = {
  getToken: currentAccessToken,
  onForbidden: () => {},
};

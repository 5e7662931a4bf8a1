import { errorCatalogue, isErrorBody } from '@atrium/shared/errors/catalogue';
import { msg } from '@atrium/shared/messages';
import { currentAccessToken } from '../auth/useSession.ts';
import { ApiError } from './ApiError.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Hooks the app installs once (token source, 403 toast) so this module stays free of React. */
export const clientHooks: {
  getToken: () => string | null;
  onForbidden: (message: string) => void;
} = {
  getToken: currentAccessToken,
  onForbidden: () => {},
};

export interface ApiInit extends RequestInit {
  /** The caller shows its own page for a 403 (the viewer's access-denied screen), so no toast. */
  quietForbidden?: boolean;
}

export async function api<T>(method: Method, path: string, body?: unknown, options: ApiInit = {}): Promise<T> {
  const { quietForbidden = false, ...init } = options;
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  // FormData (uploads) sets its own multipart boundary; everything else is JSON.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const token = clientHooks.getToken();
  // Spec §7: a bearer token goes only to our own /api paths.
  if (token && path.includes('/api')) headers.set('Authorization', `Bearer ${token}`);

  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', msg.somethingWentWrong);
  }

  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (res.ok) return data as T;

  if (res.status === 403 && !quietForbidden) clientHooks.onForbidden(msg.notAuthorized);
  if (isErrorBody(data)) throw new ApiError(res.status, data.error.code, data.error.message, data.error.details);
  const fallback = res.status === 403 ? 'FORBIDDEN' : res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  throw new ApiError(res.status, fallback, errorCatalogue[fallback].message);
}

export const apiPost = <T>(path: string, body: unknown) => api<T>('POST', path, body);
export const apiGet = <T>(path: string) => api<T>('GET', path);

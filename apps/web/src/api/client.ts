import createClient, { type Middleware } from 'openapi-fetch';
import { errorCatalogue, isErrorBody } from '@atrium/shared/errors/catalogue';
import { errorText, localiseFieldErrors } from '../i18n/errorText.ts';
import { msg } from '../i18n/msg.ts';
import { ApiError } from './ApiError.ts';
import { clientHooks } from './clientHooks.ts';
import type { paths } from './generated/openapi.d.ts';

export { clientHooks };

const bearer: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept', 'application/json');
    const token = clientHooks.getToken();
    // Spec §7: a bearer token goes only to our own /api paths.
    // A caller that names its own token (the hub's HEAD check of the token it tried) keeps it.
    if (token && !request.headers.has('Authorization') && new URL(request.url).pathname.startsWith('/api/')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
};

/**
 * The typed client generated from the server's OpenAPI document (`npm run api:generate`): every path,
 * parameter, body and answer is checked against generated/openapi.d.ts. Call it through `call`.
 */
export const api = createClient<paths>({
  // openapi-fetch builds a Request, which needs an absolute URL outside the browser (unit tests).
  baseUrl: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  credentials: 'same-origin',
  // Looked up per request (openapi-fetch would keep the one present at load), so tests can stub it.
  fetch: (request) => globalThis.fetch(request),
});
api.use(bearer);

export interface CallOptions {
  /** The caller shows its own page for a 403 (the viewer's access-denied screen), so no toast. */
  quietForbidden?: boolean;
}

/** The success body of an openapi-fetch answer (never the error branch, which `call` throws). */
export type Data<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * The one place where an answer becomes data or an ApiError from the shared catalogue: every request of the
 * web, uploads included, goes through here.
 */
export async function call<R extends { error?: unknown; response: Response }>(
  pending: Promise<R>,
  options: CallOptions = {},
): Promise<Data<R>> {
  let result: R;
  try {
    result = await pending;
  } catch (e) {
    throw e instanceof ApiError ? e : new ApiError(0, 'NETWORK', msg.somethingWentWrong);
  }
  const { response } = result;
  if (response.ok) return (result as unknown as { data: Data<R> }).data;
  throw toApiError(response.status, result.error, options);
}

export function toApiError(status: number, body: unknown, { quietForbidden = false }: CallOptions = {}): ApiError {
  if (status === 403 && !quietForbidden) clientHooks.onForbidden(msg.notAuthorized);
  // The server speaks English; errorText shows its words in the interface language (spec message, else the code).
  if (isErrorBody(body)) {
    const { code, message, details } = body.error;
    return new ApiError(status, code, errorText(code, message), localiseFieldErrors(details));
  }
  const fallback =
    status === 403 ? 'FORBIDDEN' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  return new ApiError(status, fallback, errorText(fallback, errorCatalogue[fallback].message));
}

/**
 * Multipart bodies (`bodySerializer: formData`): the generated body type names the fields. Files go as
 * parts, text as is, and anything else as JSON (the server reads lists and booleans that way); the
 * browser sets the boundary.
 */
export function formData(fields: object): FormData {
  const form = new FormData();
  const put = (name: string, v: unknown) => {
    if (v instanceof Blob) form.append(name, v, v instanceof File ? v.name : 'blob');
    else form.append(name, typeof v === 'string' ? v : v === null ? '' : JSON.stringify(v));
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.every((v) => v instanceof Blob)) for (const f of value) put(name, f);
    else put(name, value);
  }
  return form;
}

const nullBodyStatus = new Set([101, 204, 205, 304]);

/**
 * A fetch for openapi-fetch that sends through XMLHttpRequest, because fetch cannot report upload progress.
 * Everything else (typed path, bearer, error mapping in `call`) stays the client's.
 */
export function fetchWithUploadProgress(onProgress: (fraction: number) => void): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onerror = () => reject(new ApiError(0, 'NETWORK', msg.somethingWentWrong));
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(nullBodyStatus.has(xhr.status) ? null : xhr.responseText, { status: xhr.status, headers }));
      };
      xhr.send(body);
    });
  };
}

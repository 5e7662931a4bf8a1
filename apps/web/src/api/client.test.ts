import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@atrium/shared';
import { api, call, clientHooks, formData } from './client.ts';
import { ApiError } from './ApiError.ts';

const respond = (status: number, body: unknown) =>
  vi.fn(async (_req: Request) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('typed api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clientHooks.getToken = () => null;
    clientHooks.onForbidden = () => {};
  });

  it('returns the parsed body on success and sends a bearer token to /api paths', async () => {
    const fetchMock = respond(201, { id: '1', message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    clientHooks.getToken = () => 'tok';
    const body = { name: 'A', email: 'a@b.co', subject: 'S', message: 'M' } as never;
    await expect(call(api.POST('/api/contactus/send', { body }))).resolves.toEqual({ id: '1', message: 'ok' });
    const req = fetchMock.mock.calls[0]![0];
    expect(new URL(req.url).pathname).toBe('/api/contactus/send');
    expect(req.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('fills path and query parameters from the typed options', async () => {
    const fetchMock = respond(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await call(api.GET('/api/userFollow/{id}/followers', { params: { path: { id: 'a b' }, query: { cp: 0, ipp: 100 } } }));
    const url = new URL(fetchMock.mock.calls[0]![0].url);
    expect(url.pathname).toBe('/api/userFollow/a%20b/followers');
    expect(url.searchParams.get('ipp')).toBe('100');
  });

  it('throws ApiError with code, message and field errors from the shared catalogue', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', details: { fieldErrors: { email: [msg.contact.emailInvalid] } } } }),
    );
    const err = await call(api.POST('/api/comingsoon/subscribe', { body: { email: 'x' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('VALIDATION_FAILED');
    expect((err as ApiError).fieldErrors()).toEqual({ email: msg.contact.emailInvalid });
  });

  it('maps a body that is not an error body by status (413 without JSON is PAYLOAD_TOO_LARGE)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Request Entity Too Large', { status: 413 })));
    const err = (await call(api.GET('/api/license')).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('reports any 403 through the forbidden hook with the spec text', async () => {
    vi.stubGlobal('fetch', respond(403, { error: { code: 'FORBIDDEN', message: msg.notAuthorized } }));
    const seen: string[] = [];
    clientHooks.onForbidden = (m) => seen.push(m);
    await expect(call(api.GET('/api/slot/my'))).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([msg.notAuthorized]);
  });

  it('stays quiet on a 403 when the caller shows its own page, and still throws', async () => {
    vi.stubGlobal('fetch', respond(403, { error: { code: 'SPACE_ACCESS_DENIED', message: msg.spaceAccessDeniedTitle } }));
    const seen: string[] = [];
    clientHooks.onForbidden = (m) => seen.push(m);
    const err = await call(api.GET('/api/publishedscene/metadata/{id}', { params: { path: { id: 'x' } } }), { quietForbidden: true }).catch(
      (e: unknown) => e,
    );
    expect((err as ApiError).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('turns a failed connection into a NETWORK ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = (await call(api.GET('/api/license')).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code]).toEqual([0, 'NETWORK']);
  });

  it('resolves a 204 to undefined', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(call(api.DELETE('/api/apikeys/{id}', { params: { path: { id: 'k' } } }))).resolves.toBeUndefined();
  });
});

describe('formData', () => {
  it('sends files as parts, text as is and other values as JSON', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const form = formData({ title: 'T', tags: ['a', 'b'], autoSave: true, gone: undefined, none: null, file: [file, file] });
    expect(form.get('title')).toBe('T');
    expect(form.get('tags')).toBe('["a","b"]');
    expect(form.get('autoSave')).toBe('true');
    expect(form.has('gone')).toBe(false);
    expect(form.get('none')).toBe('');
    expect(form.getAll('file')).toHaveLength(2);
    expect((form.get('file') as File).name).toBe('a.png');
  });
});

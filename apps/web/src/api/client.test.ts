import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@atrium/shared';
import { api, clientHooks } from './client.ts';
import { ApiError } from './ApiError.ts';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clientHooks.getToken = () => null;
    clientHooks.onForbidden = () => {};
  });

  it('returns parsed JSON on success and sends a bearer token to /api paths', async () => {
    const fetchMock = respond(201, { id: '1', message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    clientHooks.getToken = () => 'tok';
    await expect(api('POST', '/api/contactus/send', { a: 1 })).resolves.toEqual({ id: '1', message: 'ok' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('throws ApiError with code, message and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', details: { fieldErrors: { email: [msg.contact.emailInvalid] } } } }),
    );
    const err = await api('POST', '/api/contactus/send', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('VALIDATION_FAILED');
    expect((err as ApiError).fieldErrors()).toEqual({ email: msg.contact.emailInvalid });
  });

  it('reports any 403 through the forbidden hook with the spec text', async () => {
    vi.stubGlobal('fetch', respond(403, { error: { code: 'FORBIDDEN', message: msg.notAuthorized } }));
    const seen: string[] = [];
    clientHooks.onForbidden = (m) => seen.push(m);
    await expect(api('GET', '/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([msg.notAuthorized]);
  });

  it('stays quiet on a 403 when the caller shows its own page, and still throws', async () => {
    const fetchMock = respond(403, { error: { code: 'SPACE_ACCESS_DENIED', message: msg.spaceAccessDeniedTitle } });
    vi.stubGlobal('fetch', fetchMock);
    const seen: string[] = [];
    clientHooks.onForbidden = (m) => seen.push(m);
    const err = await api('GET', '/api/publishedscene/metadata/x', undefined, { quietForbidden: true }).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(403);
    expect(seen).toEqual([]);
    // The option is the client's own, not a fetch option.
    expect((fetchMock.mock.calls[0] as unknown as [string, Record<string, unknown>])[1]).not.toHaveProperty('quietForbidden');
  });
});

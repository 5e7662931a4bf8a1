import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStillAccepted } from './hubSocket.ts';

describe('the hub HEAD check', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token in the Authorization header, never in the URL', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await tokenStillAccepted('tok.en.sig')).toBe(true);
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(new URL(request.url).pathname).toBe('/api/communication/key');
    expect(request.url).not.toContain('tok.en.sig');
    expect(request.method).toBe('HEAD');
    expect(request.headers.get('authorization')).toBe('Bearer tok.en.sig');
  });

  it('reads 401 as a refused token and anything else as still accepted', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 401 })));
    expect(await tokenStillAccepted('t')).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 503 })));
    expect(await tokenStillAccepted('t')).toBe(true);
  });
});

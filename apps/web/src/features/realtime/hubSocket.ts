import { io, type Socket } from 'socket.io-client';
import { HUBS, REALTIME_PATHS } from '@atrium/shared/realtime/protocol';

/**
 * One token-authenticated connection attempt to an app hub. Socket.IO's own reconnection is off:
 * `connectWithRetry` applies spec §8's rules (401 stops, otherwise a HEAD check and up to 3 retries).
 */
export function openHub(name: keyof typeof HUBS, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(HUBS[name], {
      path: REALTIME_PATHS.hubs,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => {
      s.close();
      reject(err);
    });
  });
}

/**
 * Spec §8's HEAD check: false only when the server refuses the token itself. The token travels in the
 * Authorization header: a URL ends up in server logs and proxies' access logs.
 */
export async function tokenStillAccepted(token: string): Promise<boolean> {
  const { api } = await import('../../api/client.ts');
  const { response } = await api.HEAD('/api/communication/key', { headers: { Authorization: `Bearer ${token}` } });
  return response.status !== 401;
}

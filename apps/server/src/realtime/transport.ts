import { WebSocketTransport } from '@colyseus/ws-transport';
import { realtimeMessage } from '../metrics/channels.ts';

/**
 * Colyseus' WebSocket transport sharing Fastify's HTTP server. When attached to a server it does not
 * own it starts its heartbeat at once and only stops it on that server's 'close'; an app that is built
 * and closed without ever listening (tests) would keep the timer, so closing stops it explicitly.
 */
export class SharedServerTransport extends WebSocketTransport {
  constructor(...args: ConstructorParameters<typeof WebSocketTransport>) {
    super(...args);
    // Counted for /metrics (metrics/channels.ts); publishing is a no-op while nobody subscribes.
    this.wss.on('connection', (ws) => ws.on('message', () => realtimeMessage.hasSubscribers && realtimeMessage.publish(undefined)));
  }

  stopHeartbeat() {
    clearInterval(this.pingInterval);
  }
}

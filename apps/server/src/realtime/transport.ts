import { WebSocketTransport } from '@colyseus/ws-transport';

/**
 * Colyseus' WebSocket transport sharing Fastify's HTTP server. When attached to a server it does not
 * own it starts its heartbeat at once and only stops it on that server's 'close'; an app that is built
 * and closed without ever listening (tests) would keep the timer, so closing stops it explicitly.
 */
export class SharedServerTransport extends WebSocketTransport {
  stopHeartbeat() {
    clearInterval(this.pingInterval);
  }
}

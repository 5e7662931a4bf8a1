import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { JANUS_WS_PROTOCOL, VOICE_WS_PATH } from '@atrium/shared';

type JanusRequest = {
  janus?: unknown;
  transaction?: unknown;
  token?: unknown;
  body?: { request?: unknown; ptype?: unknown; token?: unknown };
  jsep?: { type?: unknown };
};

/**
 * Whether a request would publish media. A broadcast listener may subscribe ('join' as subscriber,
 * 'start', 'pause', 'leave', 'listparticipants'), nothing else that sends: no join as publisher, no
 * 'joinandconfigure', 'configure' or 'publish', and no SDP offer (only a publisher offers).
 */
export function publishes(req: JanusRequest): boolean {
  if (req.jsep?.type === 'offer') return true;
  if (req.janus !== 'message') return false;
  const request = req.body?.request;
  if (request === 'join') return req.body?.ptype !== 'subscriber';
  return request === 'joinandconfigure' || request === 'configure' || request === 'publish';
}

/**
 * Browsers reach Janus's WebSocket API through this server (same origin, same TLS), so Janus itself
 * listens on loopback only. Janus checks the stored token on every request and each room's `allowed`
 * list on joins; the proxy adds the one rule Janus has no notion of: a connection that shows a
 * listen-only token (an event's listeners) may not publish. It reads each request (the connection is
 * ended here and a second one opened to Janus), so the rule holds whatever the browser does.
 */
export function attachVoiceProxy(server: Server, janusWsUrl: string, isListenOnly: (token: string) => boolean): () => void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 256 * 1024,
    handleProtocols: (protocols) => (protocols.has(JANUS_WS_PROTOCOL) ? JANUS_WS_PROTOCOL : false),
  });
  const open = new Set<WebSocket>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(req.url ?? '').startsWith(VOICE_WS_PATH)) return;
    wss.handleUpgrade(req, socket, head, (client) => {
      const upstream = new WebSocket(janusWsUrl, JANUS_WS_PROTOCOL);
      open.add(client);
      open.add(upstream);
      const waiting: string[] = [];
      let listenOnly = false;
      const close = () => {
        client.terminate();
        upstream.terminate();
        open.delete(client);
        open.delete(upstream);
      };
      client.on('message', (data, isBinary) => {
        if (isBinary) return close();
        const text = data.toString();
        let req: JanusRequest;
        try {
          req = JSON.parse(text) as JanusRequest;
        } catch {
          // Janus would refuse it too; nothing unread goes through.
          return close();
        }
        if (typeof req !== 'object' || req === null || Array.isArray(req)) return close();
        for (const t of [req.token, req.body?.token]) if (typeof t === 'string' && isListenOnly(t)) listenOnly = true;
        if (listenOnly && publishes(req)) {
          client.send(
            JSON.stringify({
              janus: 'error',
              transaction: req.transaction,
              error: { code: 403, reason: 'This voice token may only listen' },
            }),
          );
          return;
        }
        if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
        else waiting.push(text);
      });
      upstream.on('open', () => {
        for (const text of waiting.splice(0)) upstream.send(text);
      });
      upstream.on('message', (data) => {
        if (client.readyState === WebSocket.OPEN) client.send(data.toString());
      });
      upstream.on('error', close);
      client.on('error', close);
      upstream.on('close', close);
      client.on('close', close);
    });
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const s of open) s.terminate();
    open.clear();
    wss.close();
  };
}

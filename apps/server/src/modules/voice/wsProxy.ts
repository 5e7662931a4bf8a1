import type { IncomingMessage, Server } from 'node:http';
import net, { type Socket } from 'node:net';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { VOICE_WS_PATH } from '@atrium/shared';

/**
 * Browsers reach Janus's WebSocket API through this server (same origin, same TLS), so Janus itself
 * listens on loopback only. Bytes are passed through untouched: Janus checks the stored token on
 * every request, so the proxy needs no rules of its own.
 */
export function attachVoiceProxy(server: Server, janusWsUrl: string): () => void {
  const target = new URL(janusWsUrl);
  const secure = target.protocol === 'wss:';
  const port = Number(target.port || (secure ? 443 : 80));
  const open = new Set<Duplex>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(req.url ?? '').startsWith(VOICE_WS_PATH)) return;
    const upstream: Socket = secure
      ? tls.connect({ host: target.hostname, port, servername: target.hostname })
      : net.connect({ host: target.hostname, port });
    open.add(socket);
    open.add(upstream);
    const close = () => {
      socket.destroy();
      upstream.destroy();
      open.delete(socket);
      open.delete(upstream);
    };
    upstream.once(secure ? 'secureConnect' : 'connect', () => {
      const lines = [`GET ${target.pathname || '/'} HTTP/1.1`, `Host: ${target.host}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? '';
        if (/^(host|x-forwarded-.*)$/i.test(name)) continue;
        lines.push(`${name}: ${req.rawHeaders[i + 1] ?? ''}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', close);
    socket.on('error', close);
    upstream.on('close', close);
    socket.on('close', close);
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const s of open) s.destroy();
    open.clear();
  };
}

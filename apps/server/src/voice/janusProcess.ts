import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where a Janus instance answers and the secrets only the server holds. */
export interface JanusEndpoint {
  /** Janus HTTP API, when known (a local Janus): tests use it to knock without a token. */
  httpUrl?: string;
  /** Janus WebSocket API, which browsers reach through the server's /api/voice/ws proxy. */
  wsUrl: string;
  /** Admin API (add_token, remove_token, message_plugin). */
  adminUrl: string;
  adminSecret: string;
  /** The VideoRoom plugin's admin_key, needed to create rooms. */
  roomAdminKey: string;
}

export interface RunningJanus extends JanusEndpoint {
  stop(): Promise<void>;
  /** The current Janus process id (it changes when Janus is restarted after a crash). */
  pid(): number | undefined;
}

const BINARY_CANDIDATES = ['/usr/bin/janus', '/usr/local/bin/janus'];
const LIB_CANDIDATES = ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus', '/usr/local/lib/janus'];

/** The installed janus binary and its module folder (Debian's `janus` package), if any. */
export function findJanus(): { binary: string; libDir: string } | null {
  const binary = BINARY_CANDIDATES.find((p) => existsSync(p));
  const libDir = LIB_CANDIDATES.find((p) => existsSync(path.join(p, 'plugins', 'libjanus_videoroom.so')));
  return binary && libDir ? { binary, libDir } : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const secret = () => randomBytes(24).toString('base64url');

/**
 * Janus's main configuration: stored-token authentication on (every Janus API request needs a token
 * the server registered through the admin API), only the VideoRoom plugin and the HTTP/WebSocket
 * transports loaded, and a fresh admin secret per start.
 */
function coreConfig(dir: string, libDir: string, adminSecret: string): string {
  return `general: {
  configs_folder = "${dir}"
  plugins_folder = "${libDir}/plugins"
  transports_folder = "${libDir}/transports"
  events_folder = "${libDir}/events"
  loggers_folder = "${libDir}/loggers"
  debug_level = 3
  token_auth = true
  admin_secret = "${adminSecret}"
  session_timeout = 60
  reclaim_session_timeout = 0
  server_name = "Atrium voice"
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  nice_debug = false
  ignore_mdns = true
  ice_ignore_list = "vmnet,docker"
}
plugins: {
  disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so"
}
transports: {
  disable = "libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`;
}

/**
 * Starts Janus as a child process listening on loopback only, with configuration written to a fresh
 * temporary folder. Resolves once its HTTP API answers; the server proxies browsers' WebSockets.
 */
export async function startJanus(log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }): Promise<RunningJanus | null> {
  const found = findJanus();
  if (!found) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'atrium-janus-'));
  const [httpPort, adminPort, wsPort] = [await freePort(), await freePort(), await freePort()];
  const adminSecret = secret();
  const roomAdminKey = secret();
  await Promise.all([
    writeFile(path.join(dir, 'janus.jcfg'), coreConfig(dir, found.libDir, adminSecret)),
    writeFile(
      path.join(dir, 'janus.transport.http.jcfg'),
      `general: {\n  json = "plain"\n  base_path = "/janus"\n  http = true\n  port = ${httpPort}\n  ip = "127.0.0.1"\n  https = false\n}\nadmin: {\n  admin_base_path = "/admin"\n  admin_http = true\n  admin_port = ${adminPort}\n  admin_ip = "127.0.0.1"\n  admin_https = false\n}\n`,
    ),
    writeFile(
      path.join(dir, 'janus.transport.websockets.jcfg'),
      `general: {\n  json = "plain"\n  ws = true\n  ws_port = ${wsPort}\n  ws_ip = "127.0.0.1"\n  wss = false\n}\nadmin: {\n  admin_ws = false\n  admin_wss = false\n}\n`,
    ),
    // string_ids: rooms are named after space instances and participants after users.
    writeFile(path.join(dir, 'janus.plugin.videoroom.jcfg'), `general: {\n  admin_key = "${roomAdminKey}"\n  string_ids = true\n  lock_rtp_forward = true\n}\n`),
  ]);

  // Janus crashing mid-call must not end voice for good: it is started again (same ports, config and
  // secrets), and the server re-creates rooms on the next token request while clients reconnect.
  let child: ChildProcess;
  let exited = false;
  let stopping = false;
  let restarts = 0;
  const run = () => {
    exited = false;
    child = spawn(found.binary, ['--configs-folder', dir, '--config', path.join(dir, 'janus.jcfg'), '--disable-colors'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.resume();
    child.once('exit', (code, signal) => {
      exited = true;
      if (stopping) return;
      restarts += 1;
      const wait = Math.min(30_000, 1000 * 2 ** Math.min(restarts - 1, 5));
      log.warn({ code, signal, restartInMs: wait }, 'janus exited; restarting');
      setTimeout(() => {
        if (!stopping) run();
      }, wait).unref();
    });
  };
  run();

  const httpUrl = `http://127.0.0.1:${httpPort}/janus`;
  const adminUrl = `http://127.0.0.1:${adminPort}/admin`;
  const stop = async () => {
    stopping = true;
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (restarts > 0) {
      // Fails at start (a broken install): no voice, rather than a restart loop.
      await stop();
      return null;
    }
    const ok = await fetch(adminUrl, {
      method: 'POST',
      body: JSON.stringify({ janus: 'ping', transaction: 'boot', admin_secret: adminSecret }),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      return null;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log.info({ httpUrl, ws: `ws://127.0.0.1:${wsPort}` }, 'janus started');
  return { httpUrl, adminUrl, wsUrl: `ws://127.0.0.1:${wsPort}`, adminSecret, roomAdminKey, stop, pid: () => (exited ? undefined : child.pid) };
}

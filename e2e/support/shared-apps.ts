// One Atrium server per database kind for the whole browser run, started on first use. Vitest runs
// each e2e file in a worker of its own, so the servers live in the main process (the e2e project's
// globalSetup) behind a small loopback control endpoint: a worker asks it for the server of a kind and
// gets its address, and the server's output is kept in a file the worker can read synchronously.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { RunningApp } from './harness.ts';

export type SharedKind = 'pglite' | 'postgres';

/** What a worker learns about a shared server. */
export interface SharedAppInfo {
  baseURL: string;
  dataDir: string;
  schema?: string;
  /** Where the server's output so far is written (refreshed every half second and on request). */
  outputFile: string;
}

/** Starts the control endpoint; `start` starts a server of a kind (called at most once per kind). */
export async function serveSharedApps(
  start: (kind: SharedKind) => Promise<RunningApp>,
  outputDir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  fs.mkdirSync(outputDir, { recursive: true });
  const apps = new Map<SharedKind, Promise<RunningApp>>();
  const outputFile = (kind: SharedKind) => path.join(outputDir, `e2e-shared-${kind}.log`);
  const flush = () => {
    for (const [kind, app] of apps) void app.then((a) => fs.writeFileSync(outputFile(kind), a.output()), () => undefined);
  };
  const timer = setInterval(flush, 500);
  timer.unref();

  const server = http.createServer((req, res) => {
    const kind = /^\/app\/(pglite|postgres)$/.exec(req.url ?? '')?.[1] as SharedKind | undefined;
    if (!kind) return void res.writeHead(404).end();
    if (!apps.has(kind)) {
      const starting = start(kind);
      apps.set(kind, starting);
      // A start that failed (a machine too busy for the readiness wait) is tried again by the next file.
      starting.catch(() => apps.get(kind) === starting && apps.delete(kind));
    }
    apps.get(kind)!.then(
      (app) => {
        fs.writeFileSync(outputFile(kind), app.output());
        const info: SharedAppInfo = {
          baseURL: app.baseURL,
          dataDir: app.dataDir,
          ...(app.schema ? { schema: app.schema } : {}),
          outputFile: outputFile(kind),
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(info));
      },
      (err: unknown) => res.writeHead(500).end(String(err instanceof Error ? err.stack : err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      clearInterval(timer);
      flush();
      await new Promise((r) => server.close(r));
      await Promise.all([...apps.values()].map((p) => p.then((a) => a.stop(), () => undefined)));
    },
  };
}

/** Asks the control endpoint for the shared server of a kind (starting it when it is the first ask). */
export async function sharedAppInfo(controlURL: string, kind: SharedKind): Promise<SharedAppInfo> {
  const res = await fetch(`${controlURL}/app/${kind}`);
  if (!res.ok) throw new Error(`shared ${kind} server did not start: ${await res.text()}`);
  return (await res.json()) as SharedAppInfo;
}

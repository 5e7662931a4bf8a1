// `npm test` on a machine without Chromium, ffmpeg and Prometheus: it must stop at once with one line
// naming the command to run (as root with apt-get it would install them instead; a PATH without
// apt-get and a CHROMIUM_PATH that points nowhere make the machine look bare).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preflight } from './preflight.ts';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-preflight-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function bin(dir: string, names: string[]) {
  fs.mkdirSync(dir, { recursive: true });
  for (const n of names) fs.writeFileSync(path.join(dir, n), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return dir;
}

describe('npm test preflight', () => {
  it('stops within 10 s with one line naming the install command when the tools are hidden', async () => {
    const empty = bin(path.join(tmp, 'empty'), []);
    const started = Date.now();
    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      // Only HOME and the hiding PATH: nothing of this machine's tools (apt-get included) is in reach.
      const child = spawn(process.execPath, ['scripts/test.ts'], {
        cwd: root,
        env: { HOME: os.homedir(), PATH: empty, CHROMIUM_PATH: path.join(tmp, 'no-such-chromium') },
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('close', (c) => resolve({ code: c, out: text }));
    });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(10_000);
    expect(code).not.toBe(0);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/apt-get install -y --no-install-recommends /);
    for (const pkg of ['chromium', 'ffmpeg', 'prometheus']) expect(lines[0]).toContain(pkg);
    expect(lines[0]).toContain(path.join(tmp, 'no-such-chromium'));
  }, 20_000);

  it('asks only for what a selected step needs', async () => {
    const empty = bin(path.join(tmp, 'empty2'), []);
    const out = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['scripts/test.ts', 'e2e'], {
        cwd: root,
        env: { HOME: os.homedir(), PATH: empty, CHROMIUM_PATH: path.join(tmp, 'no-such-chromium') },
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('close', () => resolve(text));
    });
    expect(out).toContain('chromium');
    expect(out).not.toContain('prometheus');
  }, 20_000);

  it('is satisfied by tools found on PATH and at CHROMIUM_PATH', () => {
    const tools = bin(path.join(tmp, 'tools'), ['ffmpeg', 'ffprobe', 'prometheus', 'chromium']);
    const env = { PATH: tools, CHROMIUM_PATH: path.join(tools, 'chromium') };
    expect(preflight(['chromium', 'ffmpeg', 'prometheus'], env)).toEqual({ ok: true });
    const without = preflight(['ffmpeg'], { PATH: bin(path.join(tmp, 'only-ffmpeg'), ['ffmpeg']) });
    // ffprobe missing counts as ffmpeg missing: the media code runs both.
    expect(without.ok).toBe(false);
  });
});

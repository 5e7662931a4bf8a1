// Logs read by people at a terminal are pino-pretty lines; logs going anywhere else (a pipe, a file,
// a log collector) stay one JSON object per line.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { loggerOptions, prettyStream } from '../src/logging.ts';

const root = path.resolve(import.meta.dirname, '../../..');
// A Fastify app with the server's logger settings logs one line, as main.ts's app does.
const probe = `
import Fastify from '${createRequire(import.meta.url).resolve('fastify')}';
import { loadConfig } from '${root}/apps/server/src/config.ts';
import { loggerOptions } from '${root}/apps/server/src/logging.ts';
const app = Fastify({ logger: loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' })) });
app.log.info({ route: '/api/explore' }, 'probe line');
`;

describe('log format', () => {
  it('writes readable lines through pino-pretty', () => {
    let text = '';
    const sink = new Writable({ write: (c, _e, cb) => void ((text += c), cb()) });
    const app = Fastify({ logger: { level: 'info', stream: prettyStream(false, sink) } });
    app.log.info({ route: '/api/explore' }, 'hello operator');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: hello operator/);
    expect(text).toContain('{"route":"/api/explore"}');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('chooses pretty at a terminal and JSON otherwise, unless given a stream', () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    expect(loggerOptions(config, undefined, true)).toHaveProperty('stream');
    expect(loggerOptions(config, undefined, false)).not.toHaveProperty('stream');
    const own = { write: () => undefined };
    expect(loggerOptions(config, own, true)).toMatchObject({ stream: own });
  });

  it('a real process logs JSON into a pipe and pretty lines into a terminal', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-log-')), 'probe.ts');
    fs.writeFileSync(file, probe);
    const piped = spawnSync(process.execPath, [file], { cwd: path.join(root, 'apps/server'), encoding: 'utf8' });
    expect(piped.stderr).toBe('');
    const line = JSON.parse(piped.stdout.trim()) as { msg: string; level: number; route: string };
    expect(line).toMatchObject({ msg: 'probe line', level: 30, route: '/api/explore' });
    // util-linux's script(1) gives the child a pseudo-terminal, as an operator's shell does.
    const tty = spawnSync('script', ['-qec', `${process.execPath} ${file}`, '/dev/null'], { cwd: path.join(root, 'apps/server'), encoding: 'utf8' });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(tty.status).toBe(0);
    const plain = stripVTControlCharacters(tty.stdout);
    expect(plain).toMatch(/\[\d\d:\d\d:\d\d\.\d{3}\] INFO: probe line/);
    expect(plain).not.toContain('"msg"');
  });
});

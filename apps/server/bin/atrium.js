#!/usr/bin/env node
// `npx atrium …`: runs the TypeScript admin CLI with the project's own Node 24 (type stripping),
// whichever node started this launcher.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const local = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
const node = fs.existsSync(local) ? local : process.execPath;
const result = spawnSync(node, [path.join(root, 'apps/server/src/cli.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);

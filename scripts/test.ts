// `npm test`: lint, typecheck, unit + server tests (PostgreSQL and PGlite), then browser e2e tests.
// Ends with one line 'N passed, N failed' summing every test and check.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWebIfStale } from './build-if-stale.ts';
import { preflight, type ToolName } from './preflight.ts';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
fs.mkdirSync(results, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);

// Before anything slow: the machine's own tools the selected steps need (see scripts/preflight.ts).
const needed = new Set<ToolName>();
if (want('unit')) ['ffmpeg', 'prometheus', 'haproxy'].forEach((t) => needed.add(t as ToolName));
if (want('e2e')) ['chromium', 'ffmpeg'].forEach((t) => needed.add(t as ToolName));
const ready = preflight([...needed]);
if (!ready.ok) {
  console.error(ready.line);
  process.exit(2);
}

let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Wall-clock seconds per step, printed at the end so slow phases stand out. */
const timings: [string, number][] = [];
const suiteStarted = Date.now();

function run(label: string, cmd: string, args: string[]): boolean {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
  const ok = r.status === 0;
  const seconds = (Date.now() - started) / 1000;
  timings.push([label, seconds]);
  console.log(`${ok ? '✓' : '✗'} ${label} (${seconds.toFixed(1)} s)`);
  return ok;
}

function check(label: string, cmd: string, args: string[]) {
  if (run(label, cmd, args)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

/**
 * Independent checks (lint, the typechecks) two at a time: each is one single-threaded process, so on
 * two cores a pair takes about as long as one. Output is held and printed whole when a check ends.
 */
async function checkAll(steps: [label: string, cmd: string, args: string[]][], concurrency = 2) {
  const queue = [...steps];
  const one = async (label: string, cmd: string, args: string[]) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', resolve);
      child.on('error', (err) => {
        out += String(err);
        resolve(null);
      });
    });
    const seconds = (Date.now() - started) / 1000;
    timings.push([label, seconds]);
    console.log(`\n▶ ${label}\n${out.trimEnd()}`);
    console.log(`${code === 0 ? '✓' : '✗'} ${label} (${seconds.toFixed(1)} s)`);
    if (code === 0) passed++;
    else {
      failed++;
      failures.push(label);
    }
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let step = queue.shift(); step; step = queue.shift()) await one(...step);
    }),
  );
}

function vitest(label: string, projects: string[], outFile: string) {
  const out = path.join(results, outFile);
  fs.rmSync(out, { force: true });
  const ok = run(label, bin('vitest'), [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (!fs.existsSync(out)) {
    failed++;
    failures.push(`${label} (no report)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: { name: string; status: string; message?: string }[];
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no tests counted; count it so the run cannot look green.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.message);
  failed += brokenFiles.length;
  for (const f of brokenFiles) failures.push(`${path.relative(root, f.name)}: ${f.message?.split('\n')[0]}`);
  if (!ok && report.numFailedTests === 0 && brokenFiles.length === 0) {
    failed++;
    failures.push(`${label} exited non-zero`);
  }
  if (report.numTotalTests === 0) {
    failed++;
    failures.push(`${label} ran no test`);
  }
}

const staticChecks: [string, string, string[]][] = [];
if (want('lint')) staticChecks.push(['lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']]);
if (want('typecheck')) {
  staticChecks.push(
    ['typecheck (server, shared, scripts)', bin('tsc'), ['-p', 'tsconfig.json']],
    ['typecheck (web)', bin('tsc'), ['-p', 'apps/web/tsconfig.json']],
    ['typecheck (engine)', bin('tsc'), ['-p', 'packages/engine/tsconfig.json']],
    ['typecheck (node files that load engine code)', bin('tsc'), ['-p', 'tsconfig.bundler.json']],
  );
}
if (staticChecks.length > 0) {
  const started = Date.now();
  await checkAll(staticChecks);
  if (staticChecks.length > 1) timings.push(['  (the checks above, two at a time: wall clock)', (Date.now() - started) / 1000]);
}
// The checked-in OpenAPI document and the web's client types must be what the server produces now.
if (want('api')) check('API document and client are current (npm run api:generate)', process.execPath, ['scripts/api-generate.ts', '--check']);
if (want('unit')) vitest('unit and server tests (PGlite + PostgreSQL)', ['unit', 'server'], 'vitest-unit.json');
if (want('e2e')) {
  const started = Date.now();
  buildWebIfStale();
  timings.push(['web build (when stale)', (Date.now() - started) / 1000]);
  vitest('browser end-to-end tests (Chromium)', ['e2e'], 'vitest-e2e.json');
}

// Whole seconds first: rounding the remainder alone printed 59.6 s past a minute as ':60'.
const fmt = (s: number) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
console.log('\nTimes (min:s):');
for (const [label, s] of timings) console.log(`  ${fmt(s).padStart(6)}  ${label}`);
console.log(`  ${fmt((Date.now() - suiteStarted) / 1000).padStart(6)}  total`);

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

// What `npm test` needs from the machine besides npm packages: Chromium for the browser tests,
// ffmpeg/ffprobe for the media tests and Prometheus for the metrics scrape test. All are Debian
// packages; as root with apt-get at hand they are installed (as .ci/run does), otherwise the run
// stops at once with one line naming the command to run, instead of failing minutes later.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** CHROMIUM_PATH points the Chromium lookup (here, the e2e harness and the scripts) elsewhere. */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env) => env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Tool {
  name: string;
  debianPackage: string;
  found(env: NodeJS.ProcessEnv): boolean;
}

/** An executable file named `name` in one of PATH's folders, as the server's spawn('ffmpeg') will look it up. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const executable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const TOOLS: Record<'chromium' | 'ffmpeg' | 'prometheus' | 'haproxy', Tool> = {
  chromium: { name: 'chromium', debianPackage: 'chromium', found: (env) => executable(chromiumPath(env)) },
  ffmpeg: { name: 'ffmpeg', debianPackage: 'ffmpeg', found: (env) => onPath('ffmpeg', env) && onPath('ffprobe', env) },
  prometheus: { name: 'prometheus', debianPackage: 'prometheus', found: (env) => onPath('prometheus', env) },
  // The load-balancer test runs the repository's HAProxy configuration; Debian installs it in /usr/sbin.
  haproxy: { name: 'haproxy', debianPackage: 'haproxy', found: (env) => onPath('haproxy', env) || executable('/usr/sbin/haproxy') },
};

export type ToolName = keyof typeof TOOLS;

/** The one command a person runs to get the missing tools. */
export function installCommand(missing: ToolName[], asRoot: boolean): string {
  const pkgs = missing.map((t) => TOOLS[t].debianPackage).join(' ');
  const sudo = asRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${pkgs}`;
}

/**
 * Makes sure the tools are there: installs what is missing when running as root with apt-get on
 * PATH, and otherwise (or when that fails) returns the one line to print before stopping.
 */
export function preflight(needed: ToolName[], env: NodeJS.ProcessEnv = process.env): { ok: true } | { ok: false; line: string } {
  const missing = () => needed.filter((t) => !TOOLS[t].found(env));
  const first = missing();
  if (first.length === 0) return { ok: true };
  const asRoot = process.getuid?.() === 0;
  if (asRoot && onPath('apt-get', env)) {
    console.log(`Installing Debian packages: ${first.map((t) => TOOLS[t].debianPackage).join(' ')}`);
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    if (update.status === 0)
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...first.map((t) => TOOLS[t].debianPackage)], { stdio: 'inherit', env: aptEnv });
  }
  const still = missing();
  if (still.length === 0) return { ok: true };
  const what = still.map((t) => (t === 'chromium' ? `chromium (${chromiumPath(env)}; set CHROMIUM_PATH to use another)` : t)).join(', ');
  return { ok: false, line: `npm test needs ${what}: run \`${installCommand(still, asRoot)}\`` };
}

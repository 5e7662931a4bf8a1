import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

// The entry stylesheet carries the CSS of every Mantine component the app imports anywhere (and of the
// components each is built from), found by reading the sources at build time. Hand-kept lists per
// route went stale: the profile drawer on `/`, the close button on solutions and contact, the badge on
// a fresh /explore rendered unstyled because the chunk that first showed them had not imported their
// CSS. One list in dependency order also keeps Mantine's rules ahead of the app's own overrides,
// which per-chunk stylesheets loaded in arbitrary order would not.

const require = createRequire(import.meta.url);
// The package exports no package.json; its stylesheet entry sits at the package root.
const coreDir = path.dirname(require.resolve('@mantine/core/styles.css'));
const esmDir = path.join(coreDir, 'esm');
const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.{1,2}\/[^"']+\.mjs)["']/g;
const MANTINE_IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
export const VIRTUAL_ID = 'virtual:atrium-mantine-styles';

/** The folders a Mantine folder's files import from (a component and its parts share one folder). */
function folderDeps(dir: string, cache: Map<string, string[]>): string[] {
  let deps = cache.get(dir);
  if (!deps) {
    const found = new Set<string>();
    for (const name of fs.readdirSync(dir)) {
      if (!name.endsWith('.mjs')) continue;
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const m of text.matchAll(RELATIVE_IMPORT)) found.add(path.dirname(path.resolve(dir, m[1]!)));
    }
    found.delete(dir);
    deps = [...found].sort();
    cache.set(dir, deps);
  }
  return deps;
}

/** Depth first, so the components a folder builds on come before its own stylesheets. */
function collect(dir: string, cache: Map<string, string[]>, seen: Set<string>, out: string[]): void {
  if (seen.has(dir)) return;
  seen.add(dir);
  for (const dep of folderDeps(dir, cache)) collect(dep, cache, seen, out);
  for (const name of fs.readdirSync(dir).sort()) {
    const m = /^([A-Za-z]+)\.module\.mjs$/.exec(name);
    if (m && fs.existsSync(path.join(coreDir, 'styles', `${m[1]}.css`)) && !out.includes(m[1]!)) out.push(m[1]!);
  }
}

/** Mantine export name → its ESM file, from @mantine/core's index. */
function exportFiles(): Map<string, string> {
  const index = fs.readFileSync(path.join(esmDir, 'index.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const raw of m[1]!.split(',')) {
      const name = raw.trim().split(/\s+as\s+/)[0];
      if (name) files.set(name, path.resolve(esmDir, m[2]!));
    }
  }
  return files;
}

/** The Mantine value imports (not type-only) of one source text. */
export function mantineImports(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(MANTINE_IMPORT)) {
    if (m[1]) continue;
    for (const raw of m[2]!.split(',')) {
      const name = raw.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** Stylesheet names (styles/<name>.css) the given components need, dependencies first. */
export function stylesheetsFor(names: Iterable<string>): string[] {
  const files = exportFiles();
  const cache = new Map<string, string[]>();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of [...new Set(names)].sort()) {
    const file = files.get(name);
    if (file) collect(path.dirname(file), cache, seen, out);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Every Mantine component imported under `srcDir`. */
export function usedComponents(srcDir: string): string[] {
  return sourceFiles(srcDir).flatMap((f) => mantineImports(fs.readFileSync(f, 'utf8')));
}

/** Serves `virtual:atrium-mantine-styles`: one import per stylesheet the app's components need. */
export function mantineCss(srcDir: string): Plugin {
  const resolved = '\0' + VIRTUAL_ID;
  return {
    name: 'atrium-mantine-css',
    resolveId: (id) => (id === VIRTUAL_ID ? resolved : null),
    load(id) {
      if (id !== resolved) return null;
      // Read at load time, so a component added while `vite` runs is picked up on its next reload.
      for (const f of sourceFiles(srcDir)) this.addWatchFile(f);
      return stylesheetsFor(usedComponents(srcDir))
        .map((s) => `import '@mantine/core/styles/${s}.css';`)
        .join('\n');
    },
  };
}

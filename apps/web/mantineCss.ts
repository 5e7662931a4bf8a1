import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

// Every source file that imports Mantine components gets, at build time, an import of those
// components' stylesheets (and of the components each is built from, those first). The CSS then
// travels with the chunk that shows the component: the home page loads only what the shell and the
// home use (the budget of issue 17), and a lazy page can never show a component without its CSS
// (hand-kept lists per route went stale: the profile drawer on `/`, the close button on solutions and
// contact, the badge on a fresh /explore rendered unstyled).
//
// Chunks load their stylesheets in whatever order the visitor navigates, so every Mantine stylesheet
// is the `@layer mantine` build of it (an import of the plain `.css` is redirected to `.layer.css`):
// the app's own unlayered rules then win over Mantine's whatever arrived first.

const require = createRequire(import.meta.url);
// The package exports no package.json; its stylesheet entry sits at the package root.
const coreDir = path.dirname(require.resolve('@mantine/core/styles.css'));
const esmDir = path.join(coreDir, 'esm');
const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.{1,2}\/[^"']+\.mjs)["']/g;
const MANTINE_IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;

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

/** `@mantine/<pkg>/styles/<X>.css` or `@mantine/<pkg>/styles.css` → its `.layer.css` build, else null. */
export function layeredStylesheet(id: string): string | null {
  return /^@mantine\/[a-z-]+\/styles(\/[A-Za-z-]+)?\.css$/.test(id) && !id.endsWith('.layer.css')
    ? id.replace(/\.css$/, '.layer.css')
    : null;
}

/** The imports to put in front of a source file: the layered stylesheets of the Mantine components it uses. */
export function stylesheetImports(code: string, sheetsFor: (names: string[]) => string[] = stylesheetsFor): string {
  const names = mantineImports(code);
  if (names.length === 0) return '';
  return sheetsFor(names)
    .map((s) => `import '@mantine/core/styles/${s}.layer.css';`)
    .join('');
}

/** Adds each source file's Mantine stylesheets to it, and keeps every Mantine stylesheet layered. */
export function mantineCss(srcDir: string): Plugin {
  const root = path.resolve(srcDir) + path.sep;
  // One walk of Mantine's folders per build (or dev server), shared by every file.
  let files = exportFiles();
  let cache = new Map<string, string[]>();
  const sheetsFor = (names: string[]) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const name of [...new Set(names)].sort()) {
      const file = files.get(name);
      if (file) collect(path.dirname(file), cache, seen, out);
    }
    return out;
  };
  return {
    name: 'atrium-mantine-css',
    enforce: 'pre',
    buildStart() {
      files = exportFiles();
      cache = new Map();
    },
    async resolveId(id, importer) {
      const layered = layeredStylesheet(id);
      if (!layered) return null;
      const resolved = await this.resolve(layered, importer, { skipSelf: true });
      return resolved ?? null;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(root) || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return null;
      const imports = stylesheetImports(code, sheetsFor);
      // On the first line, so the source's own lines keep their numbers (source maps stay right below it).
      return imports ? { code: imports + code, map: null } : null;
    },
  };
}

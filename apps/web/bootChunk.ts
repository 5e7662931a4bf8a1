import path from 'node:path';
import type { Plugin } from 'vite';

// The app's first load is boot.tsx and everything it imports statically (React, the router, i18next,
// Mantine's core, the shell). Left to itself the bundler cut that into ~50 chunks — one per set of lazy
// pages that share a module — and the home page paid for each: every file is compressed alone (the same
// import names and helpers once per file; 194 KB gzip in 57 files against 181 KB as one) and every
// request is another round trip on a slow phone network.
//
// So boot.tsx and the home page are build entries of their own (main.tsx still imports boot after the
// first paint, the router the home page), and one `codeSplitting` group takes the modules the bundler
// tags `$initial` — the entries' static graphs after tree shaking, so a barrel like @mantine/core brings
// only what is used — except index.html's own (main.tsx, the fonts and global CSS, which must stay in
// front of the paint, in their own group): that is the first load, in one chunk. Lazy pages import what
// they share from it; it is always loaded before them.

// The data layer that every page reading the API shares (TanStack Query, the API client, its error texts
// and the spec messages) is one chunk too. Left to itself the bundler cut it into ~10 (one per set of
// pages sharing a piece), and a page's dynamic import appends a modulepreload link per file, all in the
// task in which React first renders the page: ~1–2 ms each on a phone, part of Explore's longest task
// (Lighthouse Total Blocking Time). Nearly every such page uses all of it anyway.
const DATA_LAYER =
  /\/node_modules\/(@tanstack\/(query-core|react-query)|openapi-fetch)\/|\/apps\/web\/src\/(api\/(client|ApiError|QueryScope|queryClient|keys)\.tsx?|i18n\/(msg|errorText)\.ts)$|\/packages\/shared\/src\/(messages|errors\/catalogue|voice\/messages)\.ts$/;

// Mantine's form and list basics that most pages show (inputs, tabs, chips, avatars, badges) with the
// small internals they share (ids, context, keyboard helpers), one chunk: apart they were ~15 files of
// 0.1–12 KB on every such page, each another modulepreload link (above) and request.
const MANTINE_COMMON =
  /\/@mantine\/core\/esm\/components\/(Input|InputBase|TextInput|NativeSelect|CloseButton|Tabs|Chip|Avatar|Badge)\/|\/@mantine\/core\/esm\/components\/(Combobox\/ComboboxChevron|Checkbox\/CheckIcon)\.mjs$/;

/** The extra build entries, the plugin that lists index.html's static graph, and the groups that read it. */
export function bootChunk(srcDir: string) {
  const html = path.resolve(srcDir, '../index.html');
  const mainGraph = new Set<string>();
  const plugin: Plugin = {
    name: 'atrium-boot-chunk',
    apply: 'build',
    buildEnd() {
      mainGraph.clear();
      const queue = [html];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (mainGraph.has(id)) continue;
        mainGraph.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return {
    plugin,
    // The home page's graph joins it: the landing page then comes in 7 files instead of 34 (175.6 KB
    // against 186.6), while other pages' first loads stay within ±2 KB (what they share with the home —
    // Accordion, Anchor, icons — was already theirs to download) and lose a dozen requests each.
    input: { index: html, boot: path.resolve(srcDir, 'boot.tsx'), home: path.resolve(srcDir, 'routes/HomePage.tsx') },
    groups: [
      { name: 'index', test: (id: string) => mainGraph.has(id), priority: 20 },
      { name: 'boot', tags: ['$initial' as const], test: (id: string) => !mainGraph.has(id), priority: 10 },
      { name: 'data', test: (id: string) => DATA_LAYER.test(id), priority: 5 },
      { name: 'mantine-common', test: (id: string) => MANTINE_COMMON.test(id), priority: 4 },
    ],
  };
}

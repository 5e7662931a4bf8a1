import type { Plugin } from 'vite';

/**
 * main.tsx imports the app (src/boot.tsx) only after the first paint; this adds `modulepreload` links
 * for that chunk and the chunks it imports statically to index.html, so the browser fetches them
 * alongside the stylesheet instead of after the paint. Fetched early, run late: the first paint of the
 * server's HTML never waits for them.
 */
export function bootPreload(entry = '/src/boot.tsx'): Plugin {
  return {
    name: 'atrium-boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const boot = chunks.find((c) => c.facadeModuleId?.endsWith(entry));
        if (!boot) throw new Error(`bootPreload: no chunk for ${entry}`);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (files.includes(fileName)) return;
          files.push(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const dep of chunk?.imports ?? []) visit(dep);
        };
        visit(boot.fileName);
        return {
          html,
          tags: files
            .filter((f) => !html.includes(`/${f}"`))
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}

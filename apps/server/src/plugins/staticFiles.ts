import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const require = createRequire(import.meta.url);

/** Rendered template and demo-space thumbnails, committed with the assets package. */
export const THUMBNAILS_DIR = path.resolve(import.meta.dirname, '../../../../packages/assets/thumbnails');
/** three.js's Basis Universal transcoder (JS + WASM) that KTX2Loader fetches at runtime. */
export const BASIS_DIR = path.dirname(require.resolve('three/examples/jsm/libs/basis/basis_transcoder.js'));

// A week, with ETag revalidation after that: the file names are not content-hashed, so a
// re-render or a three.js upgrade must reach browsers eventually.
const LONG_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

/** Static files that are not part of the web build: /static/thumbnails/* and /engine/basis/*. */
export async function staticFilesPlugin(app: FastifyInstance) {
  for (const [prefix, root] of [
    ['/static/thumbnails/', THUMBNAILS_DIR],
    ['/engine/basis/', BASIS_DIR],
  ] as const) {
    await app.register(fastifyStatic, {
      root,
      prefix,
      // The web plugin owns reply.sendFile; a second registration must not redecorate it.
      decorateReply: false,
      index: false,
      wildcard: true,
      allowedPath: (pathName) => !pathName.split('/').some((seg) => seg.startsWith('.')),
      setHeaders(reply: FastifyReply) {
        reply.header('cache-control', LONG_CACHE);
      },
    });
  }
}

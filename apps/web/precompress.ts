import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm|txt|xml)$/;
// Below this a compressed copy saves less than its own headers cost.
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every compressible file of the build. The
 * server hands them out as they are (`preCompressed` in apps/server/src/plugins/web.ts): smaller than
 * what it could compress per request (brotli quality 4), and no CPU per request. index.html is left
 * out: the server rewrites it per page.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atrium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((f) => fs.statSync(f).size >= MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.promises.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          // Only where it pays: an already compressed file (wasm can be) is served as it is.
          if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

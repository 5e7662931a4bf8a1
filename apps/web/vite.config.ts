import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootChunk } from './bootChunk.ts';
import { mantineCss } from './mantineCss.ts';
import { mantineThemeVars } from './mantineThemeVars.ts';
import { precompress } from './precompress.ts';

const api = 'http://localhost:3000';
const src = new URL('./src', import.meta.url).pathname;
const boot = bootChunk(src);

export default defineConfig({
  plugins: [mantineCss(src), mantineThemeVars(), react(), precompress(), boot.plugin],
  server: {
    proxy: { '/api': api, '/auth': api, '/healthz': api, '/static': api, '/engine/basis': api },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Engine and editor chunks are large by nature; the home route budget is checked by bench instead.
    chunkSizeWarningLimit: 800,
    // Pictures stay files: inlined as data: URLs they would ride in the JS of whichever chunk names them
    // (the not-found picture in the first load's router error page), downloaded whether shown or not.
    assetsInlineLimit: (file) => (/\.(svg|png|jpe?g|webp)$/.test(file) ? false : undefined),
    // The first load in one chunk (bootChunk.ts says why).
    rolldownOptions: { input: boot.input, output: { codeSplitting: { groups: boot.groups } } },
  },
});

import { defineConfig } from 'vite';

// The demo imports engine sources directly; top-level await needs a modern target.
export default defineConfig({ build: { target: 'es2022' }, server: { host: '127.0.0.1' } });

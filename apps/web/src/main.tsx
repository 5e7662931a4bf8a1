import '@fontsource/urbanist/400.css';
import '@fontsource/urbanist/600.css';
import '@fontsource/urbanist/700.css';
import '@fontsource/urbanist/800.css';
// Mantine's global layers; each component's stylesheet comes with the chunk that shows it.
import './styles/mantine-base.ts';
import './global.css';

// The CSP (script-src without 'unsafe-eval') already stops zod compiling parsers with `new Function`;
// saying so before any schema loads (all in lazy chunks) skips zod's probe of it, which the browser
// reports as a CSP violation (Lighthouse best practices). The key is zod's own global config object.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/**
 * Resolves once the browser has painted a frame: requestAnimationFrame runs just before one, the
 * timeout queued there runs after it. A hidden tab paints no frames, hence the fallback timer.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

// The server's HTML already shows the page's heading (and the home's hero picture): the browser paints
// it first, then runs the app, whose files index.html preloads in parallel (bootPreload.ts), so neither
// the first nor the largest paint waits for the app's scripts.
void afterFirstPaint().then(() => import('./boot.tsx'));

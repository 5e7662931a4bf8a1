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
 * Resolves once the browser has shown the server's HTML: the first-contentful-paint entry is reported
 * after the frame reached the screen, so the app's scripts run after it, never before. A page served
 * without content (an empty #root) starts at once; a hidden tab, which paints nothing, after a timer.
 */
function afterFirstPaint(): Promise<void> {
  const root = document.getElementById('root');
  if (!root?.firstElementChild || typeof PerformanceObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(fallback);
      observer.disconnect();
      resolve();
    };
    const fallback = setTimeout(done, 1000);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

void afterFirstPaint().then(() => import('./boot.tsx'));

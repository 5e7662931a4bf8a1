import '@fontsource/urbanist/400.css';
import '@fontsource/urbanist/600.css';
import '@fontsource/urbanist/700.css';
import '@fontsource/urbanist/800.css';
// Mantine's global layers; each component's stylesheet comes with the chunk that shows it.
import './styles/mantine-base.ts';
import './global.css';
// The theme's CSS variables, computed at build time (mantineThemeVars.ts).
import 'virtual:atrium-theme-vars.css';

// The CSP (script-src without 'unsafe-eval') already stops zod compiling parsers with `new Function`;
// saying so before any schema loads (all in lazy chunks) skips zod's probe of it, which the browser
// reports as a CSP violation (Lighthouse best practices). The key is zod's own global config object.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/** Resolves at the first of `events` on `target`, or after `ms`. */
function firstOf(target: EventTarget, events: string[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(fallback);
      for (const e of events) target.removeEventListener(e, done);
      resolve();
    };
    const fallback = setTimeout(done, ms);
    for (const e of events) target.addEventListener(e, done);
  });
}

/** Resolves once the first-contentful-paint entry is reported (after its frame reached the screen), or after `ms`. */
function firstPaint(ms: number): Promise<void> {
  if (typeof PerformanceObserver === 'undefined') return Promise.resolve();
  const bus = new EventTarget();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) bus.dispatchEvent(new Event('painted'));
  });
  try {
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    return Promise.resolve();
  }
  return firstOf(bus, ['painted'], ms).finally(() => observer.disconnect());
}

/**
 * Resolves once the browser has shown the server's HTML, so the app's scripts never compete with it: the
 * first paint, then the page's main picture (the home's hero, Explore's first space: the served HTML
 * marks it fetchpriority=high) loaded and a frame later on screen — Lighthouse's largest paint. Without
 * that wait the app's chunks shared the slow network with the picture and its paint came after them
 * (Explore: largest paint 3.3 s). The timers bound the wait: a hidden tab paints nothing, and a picture
 * on a very slow network should not hold the page's controls back for long. A page served without
 * content (an empty #root) starts at once.
 */
async function afterServedPaint(): Promise<void> {
  const root = document.getElementById('root');
  if (!root?.firstElementChild) return;
  await firstPaint(1000);
  const hero = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!hero) return;
  if (!hero.complete) await firstOf(hero, ['load', 'error'], 2500);
  await new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(fallback), resolve()), 0));
  });
}

/**
 * Explore's chunk starts loading beside the app's (the router's lazy route, router.tsx, then finds it
 * loaded). Loaded from the router alone, it came only after the app had started, and its import appended
 * a modulepreload link per file in the task that first rendered the page (Explore's longest task); here
 * those links go in this small task. Not for Resources: with its chunk ready, React rendered and committed
 * the whole article in its first pass, one 770 ms task on Lighthouse's phone (guide performance 99 → 91).
 */
function landingPage(path: string): Promise<unknown> | undefined {
  if (path === '/explore') return import('./features/explore/ExplorePage.tsx');
  return undefined;
}

void afterServedPaint().then(() => {
  // A failure here is the router's to report when it asks for the same chunk.
  landingPage(location.pathname)?.catch(() => undefined);
  return import('./boot.tsx');
});

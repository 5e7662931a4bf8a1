import crypto from 'node:crypto';
import type { Page, Request } from 'playwright-core';

// Conditions a test waits on instead of a fixed sleep: a busy 2-core machine makes any fixed delay
// either too short (flaky) or wasted. Each wait is bounded, and says what it waited for when it fails.

/** What these helpers read of the engine the page exposes (the editor's, else the viewer's). */
interface EngineHook {
  getState(): { fullyLoaded: boolean };
  getStats(): { frames: number };
  invalidate(): void;
}
interface EngineWindow {
  __atriumEditor?: { engine: EngineHook };
  __atriumEngine?: EngineHook;
}

const FRAME_TIMEOUT = 120_000;

/**
 * Lets the page's engine draw `count` more frames, asking for each (editor mode draws on demand, and a
 * still scene would otherwise wait for the 4 s heartbeat). Something that moves per frame (orbit
 * damping, an avatar arriving) has moved `count` steps since the call.
 */
export async function engineFrames(page: Page, count = 1, timeout = FRAME_TIMEOUT): Promise<void> {
  for (let i = 0; i < count; i++) {
    const start = await page.evaluate(() => {
      const w = window as unknown as EngineWindow;
      const engine = (w.__atriumEditor?.engine ?? w.__atriumEngine)!;
      engine.invalidate();
      return engine.getStats().frames;
    });
    await page.waitForFunction(
      (s) => {
        const w = window as unknown as EngineWindow;
        return ((w.__atriumEditor?.engine ?? w.__atriumEngine)?.getStats().frames ?? 0) > s;
      },
      start,
      { timeout, polling: 50 },
    );
  }
}

/**
 * The page's engine has everything of its space loaded (textures, pictures, models, sky: the engine's
 * `fullyLoaded`, set once the frame showing the last of them is drawn) and has drawn a frame after this
 * call, so a screenshot shows what the document says now (after an edit, a camera move, a reload).
 */
export async function engineSettled(page: Page, timeout = FRAME_TIMEOUT): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as EngineWindow;
      return Boolean((w.__atriumEditor?.engine ?? w.__atriumEngine)?.getState().fullyLoaded);
    },
    undefined,
    { timeout, polling: 100 },
  );
  await engineFrames(page, 1, timeout);
}

/** Two animation frames of the page: what was queued for the page's next render has been rendered. */
export const pageFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * Every picture within the viewport has finished loading (or failed: `complete` either way), then the
 * page has drawn them: before a screenshot of a page of cards and thumbnails.
 */
export async function imagesInViewLoaded(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.images].every((img) => {
        const r = img.getBoundingClientRect();
        const inView = r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
        return !inView || img.complete;
      }),
    undefined,
    { timeout, polling: 100 },
  );
  await pageFrames(page);
}

/**
 * Records the requests a page issues from now on. `flush()` answers every request the page issued
 * before the call: it has the page send a marker request and waits to see it, and the browser reports
 * a page's requests in the order it sent them. A "nothing was asked" check reads the list then, instead
 * of sleeping and hoping the request would have shown up by then.
 */
export function recordRequests(page: Page) {
  const seen: Request[] = [];
  const onRequest = (r: Request) => seen.push(r);
  page.on('request', onRequest);
  const isMarker = (r: Request) => new URL(r.url()).searchParams.has('requests-before');
  return {
    async flush(timeout = 60_000): Promise<Request[]> {
      const marker = `/favicon.svg?requests-before=${crypto.randomUUID()}`;
      const arrived = page.waitForRequest((r) => r.url().endsWith(marker), { timeout });
      await page.evaluate((m) => void fetch(m, { cache: 'no-store' }).catch(() => undefined), marker);
      await arrived;
      return seen.filter((r) => !isMarker(r));
    },
    stop() {
      page.off('request', onRequest);
    },
  };
}

/** Every one of these requests has been answered and its body read, or has failed (streams excepted). */
export async function requestsDone(requests: Request[], timeout = 60_000): Promise<void> {
  const done = Promise.all(
    requests
      .filter((r) => r.resourceType() !== 'eventsource' && r.resourceType() !== 'websocket')
      .map(async (r) => (await r.response())?.finished()),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`requests not done in ${timeout} ms: ${requests.map((r) => r.url()).join(', ')}`)), timeout);
  });
  try {
    await Promise.race([done, bound]);
  } finally {
    clearTimeout(timer);
  }
}

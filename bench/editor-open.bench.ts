// Editor first open vs later opens (issue 19: "make the first open as fast as later ones"), in one run,
// production build, headless Chromium (SwiftShader), each case in a fresh browser (empty HTTP cache,
// no compiled shaders) and then opened again three times in the same tab (warm caches):
//  1. a new space as a new user gets it: /curate → sign in → back on /curate (timed from the page the
//     sign-in returns to);
//  2. a saved demo space owned by the user, signed in on the profile page first.
// "Open" ends when the editor session exists with its toolbar enabled and a frame drawn (as in
// editor.bench.ts). Each open also reports when the last script arrived, when the scene content
// arrived and how many bytes of script came over the network, to show where a first open's time goes.
import { buildWebIfStale } from '../scripts/build-if-stale.ts';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, startApp } from '../e2e/support/harness.ts';
import { ownedDemoDraft } from './demoSpace.ts';
import { line, percentile } from './support.ts';

interface Open { ready: number; scripts: number; scriptKB: number; content: number; requests: number }

buildWebIfStale();
const app = await startApp({ env: { SEED: 'false' } });
try {
  const email = 'bench-open@example.org';
  const password = 'bench-password-3';
  const space = await ownedDemoDraft(app.baseURL, email, password);
  const editorPath = `/editor/${space.sceneId}`;
  const measure = async (page: Page, path: string): Promise<Open> => {
    if (!page.url().endsWith(path)) await page.goto(path, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => {
      const ed = (window as unknown as { __atriumEditor?: { engine: { getStats(): { frames: number } } } }).__atriumEditor;
      const tool = document.querySelector<HTMLButtonElement>('[data-testid="tool-select"]');
      return ed && tool && !tool.disabled && ed.engine.getStats().frames > 0 ? performance.now() : false;
    }, null, { timeout: 600_000, polling: 100 });
    const ready = (await handle.jsonValue()) as number;
    return page.evaluate((ready) => {
      const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const scripts = res.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
      const content = res.find((r) => r.name.includes('/api/scene/content/'));
      return {
        ready,
        scripts: Math.max(0, ...scripts.map((r) => r.responseEnd)),
        scriptKB: scripts.reduce((n, r) => n + r.transferSize, 0) / 1024,
        content: content?.responseEnd ?? -1,
        requests: res.length,
      };
    }, ready);
  };
  const show = (label: string, o: Open) =>
    line(label, `${o.ready.toFixed(0)} (scripts done ${o.scripts.toFixed(0)} ms, ${o.scriptKB.toFixed(0)} KB over the network${o.content >= 0 ? `; content at ${o.content.toFixed(0)} ms` : ''}; ${o.requests} requests)`);
  /** A fresh browser (nothing cached, no shader compiled) with the viewer settings the editor bench uses. */
  const freshPage = async () => {
    await closeBrowser();
    const page = await newPage({ baseURL: app.baseURL, width: 1280, height: 800 });
    await page.addInitScript(() => {
      localStorage.setItem('atrium.viewer.settings', JSON.stringify({ quality: 'Medium', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' }));
    });
    return page;
  };
  const signIn = async (page: Page) => {
    await page.waitForURL(/\/auth\/interaction\//);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  const report = (what: string, first: Open, later: Open[]) => {
    show(`${what}: first open (ms)`, first);
    for (const [i, o] of later.entries()) show(`${what}: later open ${i + 1} (ms)`, o);
    const median = percentile(later.map((o) => o.ready).sort((a, b) => a - b), 50);
    line(`${what}: first open / later open (median)`, (first.ready / median).toFixed(2), '≈ 1');
  };

  // 1. A new space, as a new user gets it: "Create" → sign in → the editor (timed from the page the
  //    sign-in returns to), then /curate opened again.
  {
    const page = await freshPage();
    await page.goto('/curate');
    await signIn(page);
    await page.waitForURL(/\/curate$/, { timeout: 120_000 });
    const first = await measure(page, '/curate');
    const later: Open[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto('/curate', { waitUntil: 'commit' });
      later.push(await measure(page, '/curate'));
    }
    report('new space (/curate)', first, later);
  }

  // 2. A saved demo space: signed in on the profile page first (so the sign-in is not counted),
  //    then the editor URL, then again.
  {
    const page = await freshPage();
    await page.goto('/user');
    await signIn(page);
    await page.waitForURL(/\/user\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    await page.getByTestId('profile-name').waitFor({ timeout: 120_000 });
    const first = await measure(page, editorPath);
    const later: Open[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(editorPath, { waitUntil: 'commit' });
      later.push(await measure(page, editorPath));
    }
    report(`saved space (${space.demoKey})`, first, later);
  }
} finally {
  await closeBrowser();
  await app.stop();
}

// Automated browsers (the e2e tests) draw with SwiftShader on the CPU, where full-size frames at the
// display rate keep a core busy for the whole test. The e2e harness can set `window.__atriumTestRender`
// before the app loads; engines then draw at most that often and that sharp. Only automated browsers
// (navigator.webdriver) honour it, so no visitor's page can be slowed down by it.

export interface TestRenderCap {
  /** Upper bound on the render scale (0.25..1). */
  renderScale: number;
  /** Upper bound on frames per second (> 0). */
  targetFps: number;
}

declare global {
  interface Window {
    __atriumTestRender?: TestRenderCap;
  }
}

export function testRenderCap(): TestRenderCap | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || !navigator.webdriver) return null;
  const cap = window.__atriumTestRender;
  if (!cap || !(cap.renderScale > 0) || !(cap.targetFps > 0)) return null;
  return cap;
}

/** The render options to give the engine: `options`, lowered to the test cap when one is set. */
export function cappedRenderOptions(options: { renderScale: number; targetFps: number }): { renderScale: number; targetFps: number } {
  const cap = testRenderCap();
  if (!cap) return options;
  // targetFps 0 means "as fast as the display allows": the cap is the bound then.
  return {
    renderScale: Math.min(options.renderScale, cap.renderScale),
    targetFps: options.targetFps === 0 ? cap.targetFps : Math.min(options.targetFps, cap.targetFps),
  };
}

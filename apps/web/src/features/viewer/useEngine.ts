import { useEffect, useState, type RefObject } from 'react';
import { Engine } from '@atrium/engine';
import type { SceneDocument } from '@atrium/shared';
import type { ViewerSettings } from './viewerSettings.ts';
import { engineTexts } from '../../i18n/engineTexts.ts';
import { cappedRenderOptions } from './testRender.ts';

declare global {
  interface Window {
    /** The live viewer engine, exposed only to dev builds and automated browsers (e2e tests). */
    __atriumEngine?: Engine;
  }
}

export type EnginePhase =
  | { phase: 'starting' }
  | { phase: 'ready'; engine: Engine; document: SceneDocument }
  | { phase: 'failed'; error: unknown };

// Automated browsers report navigator.webdriver; only they and dev builds get the global handle.
const exposeForTests = () => import.meta.env.DEV || (typeof navigator !== 'undefined' && navigator.webdriver);

/**
 * Spec §4 lifecycle on a container: create → first frame ("ready") → startup settings → load the
 * document → viewer mode → ready for input. Unloads on unmount or when the document changes.
 * `onCreated` runs before loading so callers can subscribe to progress from the very first byte.
 */
export function useEngine(
  container: RefObject<HTMLDivElement | null>,
  document: unknown,
  initial: ViewerSettings,
  onCreated?: (engine: Engine) => void,
): EnginePhase & { engine: Engine | null } {
  const [state, setState] = useState<EnginePhase & { engine: Engine | null }>({ phase: 'starting', engine: null });

  useEffect(() => {
    const el = container.current;
    if (!el || document === undefined) return;
    let cancelled = false;
    let engine: Engine;
    try {
      engine = new Engine({ container: el, quality: initial.quality, filtering: initial.filtering, transcoderPath: '/engine/basis/', texts: engineTexts });
    } catch (error) {
      setState({ phase: 'failed', error, engine: null });
      return;
    }
    engine.setRenderOptions(cappedRenderOptions({ renderScale: initial.renderQuality / 100, targetFps: initial.targetFramerate }));
    if (exposeForTests()) window.__atriumEngine = engine;
    setState({ phase: 'starting', engine });
    onCreated?.(engine);
    void (async () => {
      try {
        await engine.configure({ quality: initial.quality, filtering: initial.filtering });
        if (cancelled) return;
        const doc = await engine.load(document);
        if (cancelled) return;
        engine.setMode('viewer');
        setState({ phase: 'ready', engine, document: doc });
      } catch (error) {
        if (!cancelled) setState({ phase: 'failed', error, engine });
      }
    })();
    return () => {
      cancelled = true;
      if (window.__atriumEngine === engine) delete window.__atriumEngine;
      try {
        engine.unload();
      } catch (err) {
        console.warn('[viewer] engine unload failed', err); // spec §8: logged only
      }
    };
    // Settings are applied live by their own effects; only a new document restarts the engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container, document]);

  return state;
}

import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { Engine } from '@atrium/engine';
import { EditorSession, type EditorSnapshot, type SessionInit } from './session.ts';
import { engineTexts } from '../../i18n/engineTexts.ts';

// Automated browsers report navigator.webdriver; only they and dev builds get the global handle.
const exposeForTests = () => import.meta.env.DEV || (typeof navigator !== 'undefined' && navigator.webdriver);

/** `loading` carries the engine so the screen can show its real progress while the space loads. */
export type SessionPhase =
  | { phase: 'starting' }
  | { phase: 'loading'; engine: Engine }
  | { phase: 'ready'; session: EditorSession }
  | { phase: 'failed'; error: unknown };

/** Spec §4 lifecycle in editor mode: create → settings → load → editor mode; unloads on unmount. */
export function useEditorSession(container: RefObject<HTMLDivElement | null>, init: SessionInit): SessionPhase {
  const [phase, setPhase] = useState<SessionPhase>({ phase: 'starting' });
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let cancelled = false;
    let engine: Engine;
    let session: EditorSession | null = null;
    try {
      // Medium keeps gizmo drags and wall drawing fluid on ordinary laptops; the viewer shows full quality.
      engine = new Engine({ container: el, quality: 'Medium', transcoderPath: '/engine/basis/', texts: engineTexts });
    } catch (error) {
      setPhase({ phase: 'failed', error });
      return;
    }
    // Automated browsers draw with SwiftShader on the CPU: a few small frames a second leave the main
    // thread free for the UI under test.
    if (typeof navigator !== 'undefined' && navigator.webdriver) engine.setRenderOptions({ renderScale: 0.5, targetFps: 4 });
    setPhase({ phase: 'loading', engine });
    void (async () => {
      try {
        await engine.configure({});
        if (cancelled) return;
        const doc = await engine.load(init.document);
        if (cancelled) return;
        engine.setMode('editor');
        engine.setCameraMode('orbit');
        session = new EditorSession(engine, { ...init, document: doc });
        if (exposeForTests()) window.__atriumEditor = session;
        setPhase({ phase: 'ready', session });
      } catch (error) {
        if (!cancelled) setPhase({ phase: 'failed', error });
      }
    })();
    return () => {
      cancelled = true;
      session?.dispose();
      if (window.__atriumEditor === session) delete window.__atriumEditor;
      try {
        engine.unload();
      } catch (err) {
        console.warn('[editor] engine unload failed', err); // spec §8: logged only
      }
    };
    // One engine per mounted editor; the init object is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
  return phase;
}

export function useSnapshot(session: EditorSession): EditorSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

import { useCallback, useSyncExternalStore } from 'react';
import type { Engine, EngineState } from '@atrium/engine';

/**
 * Reads one slice of the engine's store. The store notifies only when the selected value changes,
 * so the frame loop never re-renders React. Selectors must return primitives or stable references.
 */
export function useEngineState<T>(engine: Engine | null, selector: (s: EngineState) => T, fallback: T): T {
  const subscribe = useCallback((notify: () => void) => (engine ? engine.subscribe(selector, notify) : () => {}), [engine, selector]);
  const get = () => (engine ? selector(engine.getState()) : fallback);
  return useSyncExternalStore(subscribe, get, get);
}

export const selectLifecycle = (s: EngineState) => s.lifecycle;
export const selectProgress = (s: EngineState) => s.progress;
export const selectFullyLoaded = (s: EngineState) => s.fullyLoaded;
export const selectTour = (s: EngineState) => s.tour;
export const selectQuality = (s: EngineState) => s.quality;

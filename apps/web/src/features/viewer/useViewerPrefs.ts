import { useCallback, useEffect, useState } from 'react';
import type { Engine } from '@atrium/engine';
import { effectiveVolume, loadVolume, saveVolume, setLevel, toggleMute, type SoundState } from './sound.ts';
import { defaultSettings, loadSettings, saveSettings, type ViewerSettings } from './viewerSettings.ts';
import { localStore } from '../../browserStorage.ts';
import { cappedRenderOptions } from './testRender.ts';

const storage = () => (typeof window === 'undefined' ? null : localStore());
const isPhone = () => typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches;

export interface ViewerPrefs {
  settings: ViewerSettings;
  updateSettings(patch: Partial<ViewerSettings>): void;
  sound: SoundState;
  setVolume(volume: number): void;
  toggleMute(): void;
}

/** Settings and sound, persisted per browser and pushed into the engine whenever either changes. */
export function useViewerPrefs(engine: Engine | null): ViewerPrefs {
  const [settings, setSettings] = useState(() => loadSettings(storage(), defaultSettings(isPhone())));
  const [sound, setSound] = useState<SoundState>(() => ({ volume: loadVolume(storage()), muted: false }));

  useEffect(() => {
    if (!engine) return;
    if (engine.getState().quality !== settings.quality) engine.setQuality(settings.quality);
    if (engine.getState().filtering !== settings.filtering) engine.setFiltering(settings.filtering);
    engine.setRenderOptions(cappedRenderOptions({ renderScale: settings.renderQuality / 100, targetFps: settings.targetFramerate }));
  }, [engine, settings]);

  useEffect(() => {
    engine?.setVolume(effectiveVolume(sound));
  }, [engine, sound]);

  const updateSettings = useCallback((patch: Partial<ViewerSettings>) => {
    setSettings((s) => {
      const next = { ...s, ...patch };
      saveSettings(storage(), next);
      return next;
    });
  }, []);

  const changeVolume = useCallback((v: number) => {
    setSound(() => {
      const next = setLevel(v);
      if (next.volume > 0) saveVolume(storage(), next.volume);
      return next;
    });
  }, []);

  const mute = useCallback(() => setSound((s) => toggleMute(s)), []);

  return { settings, updateSettings, sound, setVolume: changeVolume, toggleMute: mute };
}

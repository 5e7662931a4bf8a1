import { FILTERING_MODES, QUALITY_PRESETS, type FilteringMode, type QualityPreset } from '@atrium/engine';

// Viewer Settings sidebar (spec §2 Viewer): kept per browser so a visitor's choice survives reloads.

export const TARGET_FRAMERATES = [30, 60, 0] as const;
export type TargetFramerate = (typeof TARGET_FRAMERATES)[number];

export interface ViewerSettings {
  quality: QualityPreset;
  /** Share of the preset's pixel ratio actually rendered, 50–100 (%). */
  renderQuality: number;
  /** Frames per second to aim for; 0 means as fast as the display allows. */
  targetFramerate: TargetFramerate;
  filtering: FilteringMode;
}

export const SETTINGS_KEY = 'atrium.viewer.settings';
export const RENDER_QUALITY_MIN = 50;

export function defaultSettings(mobile: boolean): ViewerSettings {
  return { quality: mobile ? 'Medium' : 'High', renderQuality: 100, targetFramerate: 60, filtering: 'Medium' };
}

/** Reads stored settings, keeping only valid fields so a damaged or older entry never breaks the viewer. */
export function parseSettings(raw: string | null, fallback: ViewerSettings): ViewerSettings {
  if (!raw) return fallback;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return fallback;
  }
  if (typeof data !== 'object' || data === null) return fallback;
  const d = data as Record<string, unknown>;
  const rq = typeof d.renderQuality === 'number' && Number.isFinite(d.renderQuality) ? d.renderQuality : fallback.renderQuality;
  return {
    quality: QUALITY_PRESETS.includes(d.quality as QualityPreset) ? (d.quality as QualityPreset) : fallback.quality,
    renderQuality: Math.round(Math.min(100, Math.max(RENDER_QUALITY_MIN, rq))),
    targetFramerate: TARGET_FRAMERATES.includes(d.targetFramerate as TargetFramerate)
      ? (d.targetFramerate as TargetFramerate)
      : fallback.targetFramerate,
    filtering: FILTERING_MODES.includes(d.filtering as FilteringMode) ? (d.filtering as FilteringMode) : fallback.filtering,
  };
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadSettings(storage: KeyValueStorage | null, fallback: ViewerSettings): ViewerSettings {
  try {
    return parseSettings(storage?.getItem(SETTINGS_KEY) ?? null, fallback);
  } catch {
    return fallback; // storage can throw in private modes; defaults are fine then
  }
}

export function saveSettings(storage: KeyValueStorage | null, settings: ViewerSettings): void {
  try {
    storage?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // quota or privacy mode: the setting still applies for this visit
  }
}

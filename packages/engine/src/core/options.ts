import type { FilteringMode, QualityPreset } from './quality.ts';

export interface EngineOptions {
  container: HTMLElement;
  quality?: QualityPreset;
  filtering?: FilteringMode;
  /** Maps a document URI (asset id, relative path) to a fetchable URL. Identity by default. */
  resolveUri?: (uri: string) => string;
  /** Folder holding basis_transcoder.js/.wasm for KTX2 textures. */
  transcoderPath?: string;
  /** Phones skip shader prewarm (spec §4) and get the touch joystick. Detected when omitted. */
  mobile?: boolean;
  /** Text the engine draws into the scene, in the host's interface language (read when drawn). */
  texts?: () => EngineTexts;
}

/** The words the engine paints onto textures; English defaults when the host gives none. */
export interface EngineTexts {
  failedToLoadImage: string;
}

/** Spec §4 "startup settings": sent once fonts, shaders and the file path are known. */
export interface StartupSettings {
  fonts?: { family: string; uri: string }[];
  quality?: QualityPreset;
  filtering?: FilteringMode;
  prewarmShaders?: boolean;
}

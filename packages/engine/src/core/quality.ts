export const QUALITY_PRESETS = ['Lowest', 'Low', 'Medium', 'High', 'Ultra', 'Max'] as const;
export type QualityPreset = (typeof QUALITY_PRESETS)[number];
export const FILTERING_MODES = ['Low', 'Medium', 'High'] as const;
export type FilteringMode = (typeof FILTERING_MODES)[number];

export interface QualitySettings {
  /** Cap on devicePixelRatio; the renderer uses min(devicePixelRatio, this). */
  maxPixelRatio: number;
  /** Shadow map size, 0 for no shadows. */
  shadowMapSize: number;
  softShadows: boolean;
  /** Fixed at renderer creation: WebGL cannot toggle MSAA on a live context. */
  antialias: boolean;
  maxTextureSize: number;
  /** Frames per second to aim for; 0 means as fast as the display allows. */
  targetFps: number;
}

export const QUALITY: Readonly<Record<QualityPreset, QualitySettings>> = {
  Lowest: { maxPixelRatio: 0.5, shadowMapSize: 0, softShadows: false, antialias: false, maxTextureSize: 512, targetFps: 30 },
  Low: { maxPixelRatio: 0.75, shadowMapSize: 0, softShadows: false, antialias: false, maxTextureSize: 1024, targetFps: 30 },
  Medium: { maxPixelRatio: 1, shadowMapSize: 1024, softShadows: false, antialias: false, maxTextureSize: 2048, targetFps: 60 },
  High: { maxPixelRatio: 1.5, shadowMapSize: 2048, softShadows: true, antialias: true, maxTextureSize: 2048, targetFps: 60 },
  Ultra: { maxPixelRatio: 2, shadowMapSize: 4096, softShadows: true, antialias: true, maxTextureSize: 4096, targetFps: 60 },
  Max: { maxPixelRatio: 3, shadowMapSize: 4096, softShadows: true, antialias: true, maxTextureSize: 8192, targetFps: 0 },
};

/** Anisotropy per filtering mode; High uses whatever the GPU allows. */
export function anisotropyFor(mode: FilteringMode, maxAnisotropy: number): number {
  if (mode === 'Low') return 1;
  if (mode === 'Medium') return Math.min(4, maxAnisotropy);
  return maxAnisotropy;
}

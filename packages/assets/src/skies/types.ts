export type SkyKind = 'gradient' | 'hdri';

/**
 * A sky. Gradient skies are painted from these numbers; HDRI skies load an image but keep the
 * same fields as a cheap stand-in (thumbnail colour, sun light direction, ambient level).
 */
export interface SkyDefinition {
  id: string;
  title: string;
  kind: SkyKind;
  /** Zenith, horizon and below-horizon (ground bounce) colours, sRGB hex. */
  top: string;
  horizon: string;
  bottom: string;
  sunColor: string;
  /** Degrees above the horizon; negative = below (no sun disc, e.g. night). */
  sunElevation: number;
  /** Degrees clockwise from north (-Z) seen from above. */
  sunAzimuth: number;
  /** Suggested directional-light intensity for the sun. */
  sunIntensity: number;
  /** Suggested hemisphere/ambient light intensity. */
  ambient: number;
  /** 0..1: how much the sky is stars (night) */
  stars?: number;
  /** 0..1: soft cloud cover painted into gradient skies. */
  clouds?: number;
  /** HDRI only: which bundled file, and its credit. */
  hdri?: { file: string; source: string; license: 'CC0-1.0' };
}

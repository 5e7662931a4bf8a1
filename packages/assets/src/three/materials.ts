import { Color, DoubleSide, MeshStandardMaterial } from 'three';
import { getMaterial } from '../materials/index.ts';
import { getMaterialTexture } from './textures.ts';

/** Overrides a caller may apply on top of a library material (a prop part's own colour, a tint). */
export interface MaterialOptions {
  tint?: string;
  /** World-UV surfaces want repeat = 1/repeatMeters; props with 0..1 UVs pass their own. */
  repeat?: [number, number];
}

/**
 * A fresh MeshStandardMaterial for a library id (textures are shared, materials are not, so a
 * caller may tint or dispose its own). Unknown ids give a neutral grey rather than throwing, so
 * scenes made with a newer library still open.
 */
export function createMaterial(id: string, opts: MaterialOptions = {}): MeshStandardMaterial {
  const def = getMaterial(id);
  const mat = new MeshStandardMaterial({ color: def?.color ?? '#bbbbbb', roughness: def?.roughness ?? 0.8, metalness: def?.metalness ?? 0 });
  mat.name = id;
  if (!def) return mat;
  const tex = getMaterialTexture(id);
  if (tex) {
    const map = opts.repeat ? tex.clone() : tex;
    if (opts.repeat) map.repeat.set(opts.repeat[0], opts.repeat[1]);
    mat.map = map;
    mat.color.set('#ffffff');
    if (def.bump) {
      mat.bumpMap = map;
      mat.bumpScale = def.bump;
    }
  }
  if (def.opacity !== undefined && def.opacity < 1) {
    mat.transparent = true;
    mat.opacity = def.opacity;
    mat.depthWrite = false;
    mat.side = DoubleSide;
  }
  if (def.emissive) {
    mat.emissive = new Color(def.emissive);
    mat.emissiveIntensity = def.emissiveIntensity ?? 1;
  }
  if (opts.tint) mat.color.multiply(new Color(opts.tint));
  return mat;
}

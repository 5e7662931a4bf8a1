import { Box3, Color, Group, Mesh, MeshStandardMaterial, Vector3, type BufferGeometry, type Material } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { getProp, propCollisionBox, type PartLook, type PropRecipe } from '../props/index.ts';
import { bakedPartGeometry } from './geometry.ts';
import { createMaterial } from './materials.ts';

export interface BuildPropOptions {
  /** Multiplied into every part's colour (the scene document's prop.tint). */
  tint?: string;
  /** Share materials between props (the engine passes one cache per scene). */
  materialCache?: Map<string, Material>;
  /** Makes library-id materials instead of `createMaterial` (the engine defers texture painting). */
  makeMaterial?: (materialId: string, tint: string | undefined) => Material;
}

const lookKey = (l: PartLook) => l.materialId ?? `${l.color ?? '#cccccc'}|${l.roughness ?? 0.6}|${l.metalness ?? 0}|${l.emissive ?? ''}`;

function materialFor(l: PartLook, tint: string | undefined, cache: Map<string, Material>, make?: BuildPropOptions['makeMaterial']): Material {
  const key = `${lookKey(l)}|${tint ?? ''}`;
  let m = cache.get(key);
  if (!m) {
    if (l.materialId) {
      // Prop parts carry metre UVs, so the shared library texture tiles at its real size.
      m = make ? make(l.materialId, tint) : createMaterial(l.materialId, { tint });
    } else {
      const std = new MeshStandardMaterial({ color: l.color ?? '#cccccc', roughness: l.roughness ?? 0.6, metalness: l.metalness ?? 0 });
      if (l.emissive) std.emissive = new Color(l.emissive);
      if (tint) std.color.multiply(new Color(tint));
      m = std;
    }
    cache.set(key, m);
  }
  return m;
}

/**
 * Builds a prop as a Group with one merged mesh per look (material), so a 20-part chair is
 * 1-3 draw calls. The group's origin is the prop's footprint centre on the floor.
 * userData: { propId, collisionBox } for the engine's colliders and selection.
 */
export function buildPropFromRecipe(recipe: PropRecipe, opts: BuildPropOptions = {}): Group {
  const cache = opts.materialCache ?? new Map<string, Material>();
  const buckets = new Map<string, { look: PartLook; parts: BufferGeometry[]; shadow: boolean }>();
  for (const part of recipe.parts) {
    const key = `${lookKey(part)}|${part.castShadow === false ? 0 : 1}`;
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = { look: part, parts: [], shadow: part.castShadow !== false }));
    b.parts.push(bakedPartGeometry(part));
  }
  const group = new Group();
  group.name = `prop:${recipe.propId}`;
  for (const { look, parts, shadow } of buckets.values()) {
    const geometry = parts.length === 1 ? parts[0]! : mergeGeometries(parts);
    if (parts.length > 1) parts.forEach((p) => p.dispose());
    geometry.computeBoundingBox();
    geometry.computeBoundingSphere();
    const mesh = new Mesh(geometry, materialFor(look, opts.tint, cache, opts.makeMaterial));
    mesh.castShadow = shadow;
    mesh.receiveShadow = true;
    group.add(mesh);
  }
  group.userData = { propId: recipe.propId, collisionBox: propCollisionBox(recipe) };
  return group;
}

/** Builds a library prop by id; unknown ids give a small neutral crate so old scenes still open. */
export function buildProp(propId: string, opts: BuildPropOptions = {}): Group {
  return buildPropFromRecipe(getProp(propId) ?? getProp('crate')!, opts);
}

/** World-space size of a built prop (for tests and placement UIs). */
export function measureProp(group: Group): Vector3 {
  return new Box3().setFromObject(group).getSize(new Vector3());
}

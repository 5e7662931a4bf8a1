import type { BufferGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Level, MaterialOverride, Wall } from '@atrium/shared';
import { buildCeilingGeometry, insidePolygon } from './ceilings.ts';
import { buildContactShade } from './contactShade.ts';
import { buildFloorGeometry } from './floors.ts';
import { buildStairsGeometry } from './stairs.ts';
import { buildWallTrim } from './trim.ts';
import { buildWallGeometry, buildWindowGlass } from './walls.ts';

/**
 * `trim` is skirting and door/window frames (one satin look per level), `shade` the baked contact
 * shadows where walls meet floors and ceilings (see contactShade.ts).
 */
/** How far under an upper floor its soffit sits: clear of the floor's back face, too thin to see. */
const SOFFIT_DROP_M = 0.02;

export type Surface = 'wall' | 'floor' | 'ceiling' | 'stairs' | 'glass' | 'trim' | 'shade';

/** One draw call's worth of static geometry: every piece of a level sharing a look. */
export interface SurfaceBatch {
  key: string;
  surface: Surface;
  materialId?: string;
  tint?: string;
  textureUri?: string;
  geometry: BufferGeometry;
  /** Ids of the walls/floors/stairs merged in, so picking can map back to document items. */
  sourceIds: string[];
}

interface Look { materialId?: string; tint?: string; textureUri?: string }

function lookFor(id: string, surface: Surface, own: Look, overrides: readonly MaterialOverride[]): Look {
  // Specific overrides beat surface-wide ones ("wall:*"), which beat the item's own fields.
  const specific = overrides.find((o) => o.targetId === id);
  const wide = overrides.find((o) => o.targetId === `${surface}:*`);
  // The editor's "All walls" material, a theme and a wallpaper must show on walls that carry their own.
  const pick = <K extends keyof Look>(k: K) => specific?.[k] ?? wide?.[k] ?? own[k];
  return { materialId: pick('materialId'), tint: pick('tint'), textureUri: pick('textureUri') };
}

/**
 * Builds a level into a handful of merged geometries, one per surface look, so a furnished room
 * costs a few draw calls regardless of how many walls it has.
 */
export function buildLevel(level: Level, overrides: readonly MaterialOverride[] = []): SurfaceBatch[] {
  const groups = new Map<string, { look: Look; surface: Surface; parts: BufferGeometry[]; ids: string[] }>();
  const add = (surface: Surface, id: string, look: Look, g: BufferGeometry) => {
    const key = `${surface}|${look.materialId ?? ''}|${look.tint ?? ''}|${look.textureUri ?? ''}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { look, surface, parts: [], ids: [] }));
    group.parts.push(g);
    group.ids.push(id);
  };
  for (const w of level.walls) {
    add('wall', w.id, lookFor(w.id, 'wall', w, overrides), buildWallGeometry(w, level.elevation));
    const glass = buildWindowGlass(w, level.elevation);
    if (glass) add('glass', w.id, {}, glass);
    const trim = buildWallTrim(w, level.elevation, level.elevation > 0.01 ? floorBesideWall(w, level) : undefined);
    if (trim) add('trim', w.id, {}, trim);
  }
  for (const f of level.floors) add('floor', f.id, lookFor(f.id, 'floor', f, overrides), buildFloorGeometry(f, level.elevation));
  for (const c of level.ceilings ?? []) add('ceiling', c.id, lookFor(c.id, 'ceiling', c, overrides), buildCeilingGeometry(c, level.elevation));
  if (level.elevation > 0.01) {
    // An upper floor (a mezzanine) seen from below is the room's ceiling there: without a soffit its
    // floor material's back face, lit by no sun or sky, reads as a dark band over the storey below.
    // It takes the level's own ceiling look (a ceiling's material, else the ceiling default).
    const first = level.ceilings?.[0];
    const look = first ? lookFor(first.id, 'ceiling', first, overrides) : lookFor(`${level.id}-soffit`, 'ceiling', {}, overrides);
    for (const f of level.floors) add('ceiling', f.id, look, buildCeilingGeometry({ id: f.id, polygon: f.polygon, height: -SOFFIT_DROP_M }, level.elevation));
  }
  for (const s of level.stairs) add('stairs', s.id, lookFor(s.id, 'stairs', s, overrides), buildStairsGeometry(s, level.elevation));
  const shade = buildContactShade(level);
  if (shade) add('shade', level.id, {}, shade);

  const batches: SurfaceBatch[] = [];
  for (const [key, { look, surface, parts, ids }] of groups) {
    const geometry = parts.length === 1 ? parts[0]! : mergeGeometries(parts);
    if (parts.length > 1) parts.forEach((p) => p.dispose());
    geometry.computeBoundingBox();
    geometry.computeBoundingSphere();
    batches.push({ key, surface, ...stripUndefined(look), geometry, sourceIds: ids });
  }
  return batches;
}

/** Whether a floor of `level` lies just beside the wall (either face) `u` metres from its start. */
function floorBesideWall(wall: Wall, level: Level): (u: number) => boolean {
  const len = Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]) || 1;
  const ux = (wall.end[0] - wall.start[0]) / len, uz = (wall.end[1] - wall.start[1]) / len;
  const off = wall.thickness / 2 + 0.15;
  return (u) => [1, -1].some((side) => {
    const x = wall.start[0] + ux * u - uz * off * side, z = wall.start[1] + uz * u + ux * off * side;
    return level.floors.some((f) => insidePolygon(x, z, f.polygon));
  });
}

function stripUndefined(l: Look): Look {
  return Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined)) as Look;
}

import { BufferAttribute, BufferGeometry, Vector3 } from 'three';
import type { Level, Wall } from '@atrium/shared';
import { insidePolygon } from './ceilings.ts';
import { SKIRTING, solidBaseSpans } from './trim.ts';
import { wallLength } from './walls.ts';

/**
 * Baked ambient occlusion, the cheap way: soft dark bands (vertex alpha, no texture, no extra pass)
 * where walls meet floors and ceilings, on the wall and on the floor/ceiling. A real-time SSAO pass
 * costs a full-screen pass per frame, which SwiftShader and phones cannot spare; these bands cost one
 * transparent draw call per level and read the same in a room: corners darken, the room gets depth.
 */
export const SHADE = { reach: 0.5, strength: 0.32, ceilingStrength: 0.24, lift: 0.003 } as const;

// Alpha at 0, 35 % and 100 % of the band: an ease-out that reads as soft occlusion, not a stripe.
const PROFILE = [1, 0.38, 0] as const;
const STOPS = [0, 0.35, 1] as const;

class Bands {
  pos: number[] = [];
  alpha: number[] = [];
  index: number[] = [];

  /** A band from `edge` (full strength) running `reach` along `dir`, `along` being the run of the edge. */
  add(a: Vector3, b: Vector3, dir: Vector3, reach: number, strength: number): void {
    const first = this.pos.length / 3;
    for (let row = 0; row < STOPS.length; row++) {
      for (const p of [a, b]) {
        this.pos.push(p.x + dir.x * reach * STOPS[row]!, p.y + dir.y * reach * STOPS[row]!, p.z + dir.z * reach * STOPS[row]!);
        this.alpha.push(strength * PROFILE[row]!);
      }
    }
    for (let row = 0; row + 1 < STOPS.length; row++) {
      const i = first + row * 2;
      // Both windings: the bands are seen from whichever side the room is on.
      this.index.push(i, i + 1, i + 3, i, i + 3, i + 2, i, i + 3, i + 1, i, i + 2, i + 3);
    }
  }

  geometry(): BufferGeometry | null {
    if (!this.index.length) return null;
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(this.pos), 3));
    // RGBA vertex colours: black, fading out; the material multiplies nothing else in.
    const colors = new Float32Array((this.pos.length / 3) * 4);
    this.alpha.forEach((a, i) => (colors[i * 4 + 3] = a));
    g.setAttribute('color', new BufferAttribute(colors, 4));
    g.setIndex(this.index);
    return g;
  }
}

function wallSides(wall: Wall): { ux: number; uz: number; nx: number; nz: number } {
  const len = wallLength(wall) || 1;
  const ux = (wall.end[0] - wall.start[0]) / len, uz = (wall.end[1] - wall.start[1]) / len;
  return { ux, uz, nx: -uz, nz: ux };
}

/** The contact-shade bands of one level in level space (y = the level's elevation + height), or null. */
export function buildContactShade(level: Level): BufferGeometry | null {
  const bands = new Bands();
  const y0 = level.elevation;
  const floors = level.floors.map((f) => f.polygon);
  const ceilings = level.ceilings ?? [];
  const up = new Vector3(0, 1, 0), down = new Vector3(0, -1, 0);
  for (const wall of level.walls) {
    if (wall.height < SKIRTING.minWallHeight) continue;
    const { ux, uz, nx, nz } = wallSides(wall);
    for (const side of [1, -1]) {
      const face = wall.thickness / 2 + SKIRTING.depth + SHADE.lift;
      const out = new Vector3(nx * side, 0, nz * side);
      const at = (u: number, y: number, off: number) =>
        new Vector3(wall.start[0] + ux * u + out.x * off, y, wall.start[1] + uz * u + out.z * off);
      const mid = wallLength(wall) / 2;
      const probe = at(mid, 0, wall.thickness / 2 + 0.3);
      // Floor bands only where there is floor on that side (or the ground), never over a void.
      const floorThere = level.elevation <= 0.01 || floors.some((p) => insidePolygon(probe.x, probe.z, p));
      for (const [u0, u1] of solidBaseSpans(wall)) {
        bands.add(at(u0, y0 + SKIRTING.height, face), at(u1, y0 + SKIRTING.height, face), up, SHADE.reach * 0.8, SHADE.strength * 0.8);
        if (floorThere) bands.add(at(u0, y0 + SHADE.lift, face), at(u1, y0 + SHADE.lift, face), out, SHADE.reach, SHADE.strength);
      }
      // Where the wall meets a ceiling on this side: a band down the wall and one across the ceiling.
      const top = y0 + wall.height;
      const ceiling = ceilings.find((c) => Math.abs(c.height - wall.height) < 0.05 && insidePolygon(probe.x, probe.z, c.polygon));
      if (!ceiling) continue;
      const cface = wall.thickness / 2 + SHADE.lift;
      const len = wallLength(wall);
      bands.add(at(0, top - SHADE.lift, cface), at(len, top - SHADE.lift, cface), down, SHADE.reach * 0.8, SHADE.ceilingStrength);
      bands.add(at(0, top - SHADE.lift, cface), at(len, top - SHADE.lift, cface), out, SHADE.reach * 0.8, SHADE.ceilingStrength);
    }
  }
  return bands.geometry();
}

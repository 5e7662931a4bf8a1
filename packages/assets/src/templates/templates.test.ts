import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSceneSize, DOOR_TYPES, migrateSceneDocument, sceneDocumentV1, STAIR_TYPES, WINDOW_TYPES, type SceneDocument } from '@atrium/shared/scene/index';
import { getMaterial } from '../materials/index.ts';
import { getProp, propCollisionBox } from '../props/index.ts';
import { skyFromUri } from '../skies/index.ts';
import { stairsFootprint } from './build/stairs.ts';
import { getTemplate, listTemplates, templateFamilies } from './index.ts';

const parsed = listTemplates().map((t) => ({ t, doc: sceneDocumentV1.parse(t.document) }));

function pointInPolygon([x, z]: [number, number], poly: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, zi] = poly[i]!, [xj, zj] = poly[j]!;
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}

function allIds(doc: SceneDocument): string[] {
  const ids: string[] = [];
  for (const l of doc.customSpace?.levels ?? []) {
    ids.push(l.id, ...l.floors.map((f) => f.id), ...l.stairs.map((s) => s.id), ...(l.ceilings ?? []).map((c) => c.id));
    for (const w of l.walls) ids.push(w.id, ...w.openings.map((o) => o.id));
  }
  for (const k of ['pictures', 'texts3d', 'infoPoints', 'props'] as const) ids.push(...doc[k].map((i) => i.id));
  for (const t of doc.guidedTours) ids.push(t.id, ...t.points.map((p) => p.id));
  return ids;
}

/** Plan-view box of a placed prop (yaw only), with its height span. */
function propBox(p: SceneDocument['props'][number]) {
  const box = propCollisionBox(getProp(p.propId)!);
  if (!box || p.collisions === 'None') return null;
  const [sx, sy, sz] = p.scale;
  const yaw = p.rotation[1], c = Math.abs(Math.cos(yaw)), s = Math.abs(Math.sin(yaw));
  const hx = (box.size[0] * sx) / 2, hz = (box.size[2] * sz) / 2;
  const ex = hx * c + hz * s, ez = hx * s + hz * c;
  const cx = p.position[0] + box.center[0] * sx * Math.cos(yaw) + box.center[2] * sz * Math.sin(yaw);
  const cz = p.position[2] - box.center[0] * sx * Math.sin(yaw) + box.center[2] * sz * Math.cos(yaw);
  return { x0: cx - ex, x1: cx + ex, z0: cz - ez, z1: cz + ez, y0: p.position[1] + (box.center[1] - box.size[1] / 2) * sy, y1: p.position[1] + (box.center[1] + box.size[1] / 2) * sy };
}

const overlaps = (a: { x0: number; x1: number; z0: number; z1: number }, b: typeof a, tol = 0.02) =>
  a.x0 < b.x1 - tol && b.x0 < a.x1 - tol && a.z0 < b.z1 - tol && b.z0 < a.z1 - tol;

describe('space templates', () => {
  it('has at least 8 families, each with S/M/L sizes and spec fields', () => {
    expect(templateFamilies.length).toBeGreaterThanOrEqual(8);
    for (const f of templateFamilies) {
      expect(f.coverPhoto).toBe(`/static/thumbnails/${f.spaceTemplateFamilyId}-m.webp`);
      // Every advertised image is a committed render (`npm run thumbnails`).
      for (const uri of [f.coverPhoto, ...f.photoGallery]) {
        expect(existsSync(new URL(`../../thumbnails/${uri.split('/').pop()}`, import.meta.url)), uri).toBe(true);
      }
      expect(f.description.length).toBeGreaterThan(20);
      expect(f.templates.map((t) => t.size)).toEqual(['S', 'M', 'L']);
      for (const t of f.templates) {
        expect(['Standard', 'Premium']).toContain(t.tier);
        expect(Number.isInteger(t.districtPrice) && t.districtPrice > 0).toBe(true);
      }
    }
  });

  it('has unique family and template ids, found by getTemplate', () => {
    const fam = templateFamilies.map((f) => f.spaceTemplateFamilyId);
    expect(new Set(fam).size).toBe(fam.length);
    const ids = listTemplates().map((t) => t.spaceTemplateId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(getTemplate(id)?.spaceTemplateId).toBe(id);
    expect(getTemplate('nope')).toBeUndefined();
  });

  it.each(parsed.map(({ t }) => [t.spaceTemplateId, t] as const))('%s validates, migrates and stays within limits', (_id, t) => {
    const result = sceneDocumentV1.safeParse(t.document);
    if (!result.success) throw new Error(JSON.stringify(result.error.issues.slice(0, 3)));
    const migrated = migrateSceneDocument(JSON.parse(JSON.stringify(t.document)));
    expect(migrated.spaceTemplate?.spaceTemplateId).toBe(t.spaceTemplateId);
    expect(checkSceneSize(migrated).withinLimits).toBe(true);
  });

  it.each(parsed.map(({ t, doc }) => [t.spaceTemplateId, doc] as const))('%s has unique item ids and only known props, materials and sky', (_id, doc) => {
    const ids = allIds(doc);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const p of doc.props) expect(getProp(p.propId), p.propId).toBeDefined();
    const cs = doc.customSpace!;
    const used = [
      ...cs.levels.flatMap((l) => [...l.walls, ...l.floors, ...l.stairs].map((x) => x.materialId)),
      ...cs.materialOverrides.map((o) => o.materialId),
    ].filter((m): m is string => !!m);
    for (const m of used) expect(getMaterial(m), m).toBeDefined();
    expect(skyFromUri(cs.skyUri), String(cs.skyUri)).toBeDefined();
  });

  it.each(parsed.map(({ t, doc }) => [t.spaceTemplateId, doc] as const))('%s is furnished and explained: props, pictures, title, info point, 2-4 tour stops', (_id, doc) => {
    expect(doc.props.length).toBeGreaterThanOrEqual(8);
    expect(doc.pictures.length).toBeGreaterThanOrEqual(1);
    for (const p of doc.pictures) expect(p.imageUri.startsWith('data:image/svg+xml')).toBe(true);
    expect(doc.texts3d.length).toBeGreaterThanOrEqual(1);
    expect(doc.infoPoints.length).toBeGreaterThanOrEqual(1);
    expect(doc.guidedTours).toHaveLength(1);
    expect(doc.guidedTours[0]!.points.length).toBeGreaterThanOrEqual(2);
    expect(doc.guidedTours[0]!.points.length).toBeLessThanOrEqual(4);
  });

  it.each(parsed.map(({ t, doc }) => [t.spaceTemplateId, doc] as const))('%s starts the visitor inside the ground floor, off the furniture', (_id, doc) => {
    const ground = doc.customSpace!.levels[0]!;
    const [x, , z] = doc.startingPosition;
    expect(ground.floors.some((f) => pointInPolygon([x, z], f.polygon as [number, number][]))).toBe(true);
    for (const p of doc.props) {
      const b = propBox(p);
      if (b && b.y0 < 1) expect(overlaps(b, { x0: x - 0.3, x1: x + 0.3, z0: z - 0.3, z1: z + 0.3 }), p.id).toBe(false);
    }
  });

  it.each(parsed.map(({ t, doc }) => [t.spaceTemplateId, doc] as const))('%s keeps props apart, off the stairs and inside the floor', (_id, doc) => {
    const boxes = doc.props.map((p) => ({ p, b: propBox(p) })).filter((x) => x.b !== null) as { p: SceneDocument['props'][number]; b: NonNullable<ReturnType<typeof propBox>> }[];
    const clashes: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.b, b = boxes[j]!.b;
        const stacked = a.y1 <= b.y0 + 0.02 || b.y1 <= a.y0 + 0.02;
        if (!stacked && overlaps(a, b)) clashes.push(`${boxes[i]!.p.id} x ${boxes[j]!.p.id}`);
      }
    }
    const stairs = doc.customSpace!.levels.flatMap((l) => l.stairs.map((s) => ({ s, fp: stairsFootprint({ ...s, position: s.position as [number, number, number] }), top: l.elevation! + s.rise })));
    for (const { p, b } of boxes) {
      for (const { s, fp, top } of stairs) if (b.y0 < top - 0.05 && overlaps(b, fp)) clashes.push(`${p.id} on stairs ${s.id}`);
    }
    expect(clashes).toEqual([]);
  });

  it('uses every stair, door and window type somewhere', () => {
    const levels = parsed.flatMap(({ doc }) => doc.customSpace!.levels);
    const stairs = new Set(levels.flatMap((l) => l.stairs.map((s) => s.type)));
    const openings = levels.flatMap((l) => l.walls.flatMap((w) => w.openings));
    const doors = new Set(openings.filter((o) => o.kind === 'door').map((o) => o.type));
    const windows = new Set(openings.filter((o) => o.kind === 'window').map((o) => o.type));
    for (const t of STAIR_TYPES) expect(stairs, t).toContain(t);
    for (const t of DOOR_TYPES) expect(doors, t).toContain(t);
    for (const t of WINDOW_TYPES) expect(windows, t).toContain(t);
  });

  it('closes every indoor room with a ceiling on its top storey, lit by lamps just under it; the plaza stays open', () => {
    for (const { t, doc } of parsed) {
      const levels = doc.customSpace!.levels;
      const ceilings = levels.flatMap((l) => (l.ceilings ?? []).map((c) => ({ ...c, y: l.elevation! + c.height, level: l })));
      if (t.spaceTemplateFamilyId === 'outdoor-plaza') { expect(ceilings, t.spaceTemplateId).toHaveLength(0); continue; }
      expect(ceilings.length, t.spaceTemplateId).toBeGreaterThan(0);
      // The top storey with walls (a stage or terrace is a raised floor, not a storey).
      const top = Math.max(...levels.filter((l) => l.walls.length > 0).map((l) => l.elevation!));
      for (const c of ceilings) {
        // On the top storey, at its walls' height: nothing pokes through, no gap over the walls.
        expect(c.level.elevation, t.spaceTemplateId).toBe(top);
        expect(c.level.walls.some((w) => Math.abs(w.height - c.height) < 1e-6), t.spaceTemplateId).toBe(true);
      }
      const lamps = doc.props.filter((p) => getProp(p.propId)!.category === 'lights' && getProp(p.propId)!.tags.includes('ceiling'));
      expect(lamps.length, t.spaceTemplateId).toBeGreaterThan(0);
      for (const lamp of lamps) {
        const lampTop = lamp.position[1] + getProp(lamp.propId)!.defaultSize[1];
        const under = ceilings.find((c) => pointInPolygon([lamp.position[0], lamp.position[2]], c.polygon as [number, number][]));
        expect(under, `${t.spaceTemplateId}/${lamp.id}`).toBeDefined();
        expect(lampTop, `${t.spaceTemplateId}/${lamp.id}`).toBeCloseTo(under!.y, 2);
      }
    }
  });

  it('fronts every mezzanine with a light balustrade, never a dark band under the upper storey', () => {
    // A balustrade is a solid low wall the width of the room: seen from below in a dark or metallic
    // finish (which mirrors only the dim room) it reads as a black band between the storeys.
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const { t, doc } of parsed) {
      // Storeys above head height only: a low terrace's rail is seen from the side, not from below.
      for (const l of doc.customSpace!.levels.filter((level) => level.elevation! >= 2.5)) {
        for (const rail of l.walls.filter((w) => w.height <= 1.2)) {
          const id = doc.customSpace!.materialOverrides.find((o) => o.targetId === rail.id || o.targetId === 'wall:*')?.materialId ?? rail.materialId ?? 'plaster';
          const m = getMaterial(id)!;
          expect(luminance(m.color), `${t.spaceTemplateId}/${rail.id}: ${id}`).toBeGreaterThan(0.12);
          expect(m.metalness, `${t.spaceTemplateId}/${rail.id}: ${id}`).toBeLessThan(0.5);
        }
      }
    }
  });

  it('lands every staircase on a floor of the level it climbs to', () => {
    for (const { t, doc } of parsed) {
      const levels = doc.customSpace!.levels;
      for (const l of levels) {
        for (const s of l.stairs) {
          const top = l.elevation! + s.rise;
          const upper = levels.find((u) => Math.abs(u.elevation! - top) < 1e-6);
          expect(upper, `${t.spaceTemplateId}/${s.id}`).toBeDefined();
          expect(upper!.floors.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

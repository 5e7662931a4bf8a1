import type { Mesh, MeshBasicMaterial, MeshStandardMaterial} from 'three';
import { Raycaster, Vector3, type Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { DEMO_SPACES, buildDemoDocument } from '@atrium/assets/demo-spaces';
import { HeadlessEngine } from '../harness/headlessEngine.ts';
import { CEILING_LAMP_CLEARANCE_M, interiorCut } from './interiorCut.ts';

const meshes = (engine: HeadlessEngine, surface: string): Mesh[] => {
  const out: Mesh[] = [];
  engine.content.structure.traverse((o: Object3D) => { if ((o as Mesh).isMesh && o.name.startsWith(`${surface}:`)) out.push(o as Mesh); });
  return out;
};

const demo = (key: string) => {
  const i = DEMO_SPACES.findIndex((s) => s.demoKey === key);
  const next = DEMO_SPACES[(i + 1) % DEMO_SPACES.length]!;
  return buildDemoDocument(DEMO_SPACES[i]!, { sceneId: next.demoKey, label: next.portalLabel });
};

const INDOOR = DEMO_SPACES.filter((s) => s.familyId !== 'outdoor-plaza').map((s) => s.demoKey);

describe('interiors read as interiors (demo spaces in the headless engine)', () => {
  it.each(INDOOR)('%s: a ceiling over the arrival point hides the sky; the walls have skirting and contact shading', (key) => {
    const engine = new HeadlessEngine();
    const doc = engine.load(demo(key));
    const [x, , z] = doc.startingPosition;
    // Straight up from a visitor's eyes: the structure (ceiling or the storey above), not the sky.
    const up = new Raycaster(new Vector3(x, 1.7, z), new Vector3(0, 1, 0)).intersectObject(engine.content.structure, true);
    expect(up.length).toBeGreaterThan(0);
    const ceilings = meshes(engine, 'ceiling');
    expect(ceilings.length).toBeGreaterThan(0);
    for (const c of ceilings) {
      const m = c.material as MeshStandardMaterial;
      // Lit by bounce, not black; no sun shadow; not part of what the player collides with.
      expect(m.emissive.r + m.emissive.g + m.emissive.b).toBeGreaterThan(0);
      expect(c.castShadow).toBe(false);
      expect(c.userData.collisions).toBe('None');
    }
    const trim = meshes(engine, 'trim');
    expect(trim.length).toBe(new Set(doc.customSpace!.levels.filter((l) => l.walls.length).map((l) => l.id)).size);
    const shade = meshes(engine, 'shade');
    expect(shade.length).toBeGreaterThan(0);
    const m = shade[0]!.material as MeshBasicMaterial;
    expect(m.transparent && m.vertexColors && !m.depthWrite).toBe(true);
    // Ceiling lamps glow brighter than the surfaces around them.
    expect(doc.props.some((p) => p.propId === 'ceiling-downlight' || p.propId.startsWith('lamp-pendant'))).toBe(true);
  });

  it('the plaza stays open to the sky', () => {
    const engine = new HeadlessEngine();
    const doc = engine.load(demo('demo-outdoor-plaza'));
    const [x, , z] = doc.startingPosition;
    expect(new Raycaster(new Vector3(x, 1.7, z), new Vector3(0, 1, 0)).intersectObject(engine.content.structure, true)).toHaveLength(0);
  });

  it('from above, picking passes through the ceiling to the room (the editor can still place and select)', () => {
    const engine = new HeadlessEngine();
    engine.load(demo('demo-gallery'));
    engine.lookAt([1, 30, 0.5], [1, 0, 0.5]);
    const hit = engine.pickAt(400, 300);
    expect(hit).not.toBeNull();
    expect(hit!.point[1]).toBeLessThan(3.5);
  });
});

describe('the interior view under a ceiling', () => {
  it('cuts below the ceiling and its flush lamps, so the editor looks into the room from above', () => {
    const engine = new HeadlessEngine();
    const doc = engine.load(demo('demo-gallery'));
    const ground = doc.customSpace!.levels[0]!;
    const cut = interiorCut(doc.customSpace!.levels, 0)!;
    const ceiling = ground.ceilings![0]!;
    expect(cut.height).toBeLessThan(ground.elevation + ceiling.height - CEILING_LAMP_CLEARANCE_M + 0.001);
    const lamps = doc.props.filter((p) => p.propId === 'ceiling-downlight');
    expect(lamps.length).toBeGreaterThan(0);
    for (const lamp of lamps) expect(lamp.position[1]).toBeGreaterThan(cut.height);
    // Without a ceiling the cut stays just under the wall tops, as before.
    expect(interiorCut([{ ...ground, ceilings: undefined }], 0)!.height).toBeCloseTo(ground.elevation + 4 - 0.01);
  });
});

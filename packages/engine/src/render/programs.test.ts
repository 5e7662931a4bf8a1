import { describe, expect, it } from 'vitest';
import {
  BoxGeometry, DoubleSide, FrontSide, Group, Mesh, MeshBasicMaterial, MeshPhysicalMaterial, MeshStandardMaterial, Texture,
  type InstancedMesh, type Material, type Object3D,
} from 'three';
import { DEMO_SPACES, buildDemoDocument } from '@atrium/assets/demo-spaces';
import { HeadlessEngine } from '../harness/headlessEngine.ts';
import { NEUTRAL_TEXTURE, shareProgram } from './programs.ts';

/** What tells three.js programs apart among the engine's materials (WebGLPrograms' cache key, the parts that vary here). */
function programOf(mesh: Mesh, m: Material): string {
  const s = m as MeshStandardMaterial;
  const inst = mesh as InstancedMesh;
  return [
    m.type, s.map ? 'map' : '', s.bumpMap ? 'bump' : '', inst.isInstancedMesh ? 'instanced' : '', inst.instanceColor ? 'colours' : '',
    `side${m.side}`, m.transparent ? 'transparent' : '', m.vertexColors ? 'vertexColours' : '', m.customProgramCacheKey(),
  ].join('|');
}

function programsIn(root: Object3D): Set<string> {
  const out = new Set<string>();
  root.traverse((o) => {
    const mesh = o as Mesh;
    if (!mesh.isMesh) return;
    for (const m of ([] as Material[]).concat(mesh.material)) {
      // three draws a see-through double-sided material in two passes, back faces then front,
      // each with its own program, unless it is told one pass will do (forceSinglePass).
      if (m.transparent && m.side === DoubleSide && !m.forceSinglePass) {
        out.add(`${programOf(mesh, m)}|back`);
        out.add(`${programOf(mesh, m)}|front`);
      } else out.add(programOf(mesh, m));
    }
  });
  return out;
}

describe('shareProgram', () => {
  it('gives plain standard and basic materials the neutral map, keeps real ones and leaves special shaders alone', () => {
    const plain = new MeshStandardMaterial({ color: '#336699' });
    const pattern = new Texture();
    const painted = new MeshStandardMaterial({ map: pattern });
    const basic = new MeshBasicMaterial({ color: '#ffffff', side: DoubleSide });
    const glass = new MeshPhysicalMaterial({ transparent: true });
    const shade = new MeshBasicMaterial({ vertexColors: true });
    const custom = new MeshStandardMaterial();
    custom.customProgramCacheKey = () => 'own-shader';
    const root = new Group();
    for (const m of [plain, painted, basic, glass, shade, custom]) root.add(new Mesh(new BoxGeometry(), m));
    const versions = [plain, painted, basic].map((m) => m.version);

    shareProgram(root);

    expect(plain.map).toBe(NEUTRAL_TEXTURE);
    expect(plain.color.getHexString()).toBe('336699');
    // No bump stand-in: its per-pixel cost outweighs the program it would save.
    expect(plain.bumpMap).toBeNull();
    expect(painted.map).toBe(pattern);
    expect(basic.map).toBe(NEUTRAL_TEXTURE);
    // needsUpdate once for a changed material: one already drawn picks the shared program on its next frame.
    expect([plain, painted, basic].map((m) => m.version)).toEqual([versions[0]! + 1, versions[1]!, versions[2]! + 1]);
    expect(glass.map).toBeNull();
    expect(shade.map).toBeNull();
    expect(custom.map).toBeNull();
    // One white, opaque texel: multiplying by it or taking its (zero) slope changes nothing drawn.
    expect([...(NEUTRAL_TEXTURE.image.data as Uint8Array)]).toEqual([255, 255, 255, 255]);
  });

  it('a furnished demo space needs a handful of programs: no plain/pattern or instanced-with/without-colour splits', () => {
    const engine = new HeadlessEngine();
    const [space, next] = [DEMO_SPACES[0]!, DEMO_SPACES[1]!];
    engine.load(buildDemoDocument(space, { sceneId: next.demoKey, label: next.portalLabel }));
    const programs = programsIn(engine.scene);
    // Standard: single front with and without relief, instanced with colours (repeated props and
    // picture frames), the picture layers; physical glass; contact shade; two basic (the portal's
    // disc and veil; texts share the veil's). It was 14 before every standard material had a map,
    // repeated props had instance colours and flat see-through overlays drew in one pass, and 9
    // while floors were double-sided.
    expect(programs.size).toBeLessThanOrEqual(8);
    engine.scene.traverse((o) => {
      const mesh = o as Mesh;
      if (!mesh.isMesh) return;
      for (const m of ([] as Material[]).concat(mesh.material)) {
        if (m.type !== 'MeshStandardMaterial' || m.customProgramCacheKey() !== new MeshStandardMaterial().customProgramCacheKey()) continue;
        expect(programOf(mesh, m), mesh.name).toMatch(/^MeshStandardMaterial\|map\|/);
        // Only see-through materials are double-sided: a floor shares the walls' program.
        if (!m.transparent) expect(m.side, mesh.name).toBe(FrontSide);
        if ((mesh as InstancedMesh).isInstancedMesh) expect((mesh as InstancedMesh).instanceColor, mesh.name).not.toBeNull();
      }
    });
  });
});

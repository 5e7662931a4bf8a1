import { describe, expect, it } from 'vitest';
import type { BufferGeometry, Mesh, Object3D, Quaternion, SkinnedMesh } from 'three';
import { AnimationMixer, Color, Vector3 } from 'three';
import { BUILT_IN_AVATARS, EMOTES, avatarAppearance, type AvatarAppearance } from '@atrium/shared';
import { BONES, buildRig, disposeRig, type AvatarRig } from './rig.ts';
import { SLOT } from './body/looks.ts';
import { NAMEPLATE_MAX_HEIGHT_M } from './nameplate.ts';
import { emoteClips, locomotionClips } from './clips.ts';
import { AvatarLayer, animationForSpeed } from './layer.ts';
import type { Vec3 } from '@atrium/shared';

const look = (model: AvatarAppearance['model']): AvatarAppearance => ({ model, body: '#3DABFF', skin: '#C68863', clothes: '#223344' });

// The first test models all eight and walks every vertex of each: about 2 s on a quiet machine, more
// than vitest's 5 s default when the 2 cores are shared with a browser run.
describe('built-in avatars', { timeout: 30_000 }, () => {
  it('builds eight avatars, each one skinned mesh on the full skeleton, painted in the chosen colours', () => {
    expect(BUILT_IN_AVATARS.length).toBeGreaterThanOrEqual(8);
    for (const def of BUILT_IN_AVATARS) {
      const rig = buildRig(look(def.id));
      const meshes: Object3D[] = [];
      rig.root.traverse((o) => (o as Mesh).isMesh && meshes.push(o));
      expect(meshes, def.id).toEqual([rig.mesh]);
      expect(rig.mesh.isSkinnedMesh).toBe(true);
      expect(rig.mesh.skeleton.bones.map((b) => b.name)).toEqual([...BONES]);
      const g = rig.mesh.geometry;
      const n = g.getAttribute('position').count;
      // Small enough for a room full of people: a few thousand vertices, one material.
      expect(n, def.id).toBeLessThan(6000);
      expect(Array.isArray(rig.mesh.material)).toBe(false);
      const idx = g.getAttribute('skinIndex');
      const wts = g.getAttribute('skinWeight');
      for (let i = 0; i < n; i++) {
        expect(Math.max(idx.getX(i), idx.getY(i), idx.getZ(i), idx.getW(i))).toBeLessThan(BONES.length);
        expect(wts.getX(i) + wts.getY(i) + wts.getZ(i) + wts.getW(i)).toBeCloseTo(1, 5);
      }
      // Consistent winding: no edge runs the same way in two triangles, so no face is turned inside
      // out (a culled, see-through patch such as a hole on top of a shoulder).
      const directed = new Set<string>();
      const index = g.index!;
      for (let t = 0; t < index.count; t += 3)
        for (const [p, q] of [[0, 1], [1, 2], [2, 0]] as const) {
          const key = `${index.getX(t + p)}>${index.getX(t + q)}`;
          expect(directed.has(key), `${def.id} edge ${key}`).toBe(false);
          directed.add(key);
        }
      // Every skin vertex carries the chosen skin colour (vertex colours are linear).
      const skin = new Color('#C68863');
      const col = g.getAttribute('color');
      const i = rig.slots.indexOf(SLOT.skin);
      expect([col.getX(i), col.getY(i), col.getZ(i)]).toEqual([skin.r, skin.g, skin.b].map((x) => Math.fround(x)));
      disposeRig(rig);
    }
  });

  it('has a face (eyes with highlights, mouth, brows in the hair colour) and a hand with a thumb at the end of each arm', () => {
    for (const def of BUILT_IN_AVATARS) {
      const rig = buildRig(look(def.id));
      const count = (slot: number) => rig.slots.filter((s) => s === slot).length;
      expect(count(SLOT.eye), def.id).toBeGreaterThan(20);
      expect(count(SLOT.white), def.id).toBeGreaterThan(10);
      expect(count(SLOT.mouth), def.id).toBeGreaterThan(10);
      expect(count(SLOT.hair), def.id).toBeGreaterThan(20);
      const g = rig.mesh.geometry;
      const pos = g.getAttribute('position');
      const head = rig.bones.head.getWorldPosition(new Vector3());
      // The face is at the front of the head: eye vertices are above the chin and in front of the head bone.
      for (let i = 0; i < pos.count; i++)
        if (rig.slots[i] === SLOT.eye) {
          expect(pos.getY(i)).toBeGreaterThan(head.y);
          expect(pos.getZ(i)).toBeGreaterThan(head.z + 0.05);
        }
      // A name plate at its largest is under half this head: it never hides the face it names.
      const headYs = [...Array(pos.count).keys()].filter((i) => rig.slots[i] === SLOT.skin && pos.getY(i) > head.y - 0.02).map((i) => pos.getY(i));
      expect(Math.max(...headYs) - Math.min(...headYs)).toBeGreaterThan(2 * NAMEPLATE_MAX_HEIGHT_M);
      for (const side of ['L', 'R'] as const) {
        const wrist = rig.bones[`lowerArm${side}`].getWorldPosition(new Vector3()).y - 0.2;
        const hand = handVertices(rig, side, wrist);
        expect(hand.length, `${def.id} ${side}`).toBeGreaterThan(60);
        // Wide front to back like a palm (with the thumb forward), not a stick.
        const zs = hand.map((i) => pos.getZ(i));
        expect(Math.max(...zs) - Math.min(...zs)).toBeGreaterThan(0.09);
      }
      disposeRig(rig);
    }
  });

  it('keeps each arm one surface from the shoulder ball to the fingertips, and waving only bends it', () => {
    const rig = buildRig(look('atlas'));
    const g = rig.mesh.geometry;
    const comp = components(g);
    const pos = g.getAttribute('position');
    const tip = handVertices(rig, 'R', rig.bones.lowerArmR.getWorldPosition(new Vector3()).y - 0.2).reduce((a, b) => (pos.getY(a) < pos.getY(b) ? a : b));
    const shoulder = rig.bones.upperArmR.getWorldPosition(new Vector3());
    const armTop = [...Array(pos.count).keys()].filter((i) => comp[i] === comp[tip] && pos.getY(i) > shoulder.y);
    expect(armTop.length).toBeGreaterThan(10);
    // The elbow bends smoothly: vertices there are shared by the upper and lower arm bones.
    const si = g.getAttribute('skinIndex');
    const sw = g.getAttribute('skinWeight');
    const blended = [...Array(pos.count).keys()].filter(
      (i) => comp[i] === comp[tip] && [0, 1, 2, 3].filter((k) => sw.getComponent(i, k) > 0.2 && [BONES.indexOf('upperArmR'), BONES.indexOf('lowerArmR')].includes(si.getComponent(i, k))).length === 2,
    );
    expect(blended.length).toBeGreaterThan(10);

    // Hold the wave at its highest and skin every vertex: no edge of the mesh stretches open.
    const rest = skinned(rig.mesh);
    const mixer = new AnimationMixer(rig.root);
    mixer.clipAction(emoteClips(rig.bones.hips.position).wave).play();
    mixer.setTime(0.9);
    rig.root.updateMatrixWorld(true);
    const waved = skinned(rig.mesh);
    expect(waved[tip * 3 + 1]).toBeGreaterThan(rest[tip * 3 + 1]! + 0.8);
    const index = g.index!;
    let worst = 0;
    for (let t = 0; t < index.count; t += 3)
      for (const [a, b] of [[0, 1], [1, 2], [2, 0]] as const) {
        const i = index.getX(t + a);
        const j = index.getX(t + b);
        const d0 = Math.hypot(rest[i * 3]! - rest[j * 3]!, rest[i * 3 + 1]! - rest[j * 3 + 1]!, rest[i * 3 + 2]! - rest[j * 3 + 2]!);
        const d1 = Math.hypot(waved[i * 3]! - waved[j * 3]!, waved[i * 3 + 1]! - waved[j * 3 + 1]!, waved[i * 3 + 2]! - waved[j * 3 + 2]!);
        worst = Math.max(worst, d1 - d0);
      }
    expect(worst).toBeLessThan(0.05);
    // The shoulder ball stays on the joint it turns around.
    const joint = rig.bones.upperArmR.getWorldPosition(new Vector3());
    const nearest = Math.min(...armTop.map((i) => Math.hypot(waved[i * 3]! - joint.x, waved[i * 3 + 1]! - joint.y, waved[i * 3 + 2]! - joint.z)));
    expect(nearest).toBeLessThan(0.08);
    disposeRig(rig);
  });

  it('gives the eight different silhouettes and outfits even in the same colours', () => {
    const sigs = BUILT_IN_AVATARS.map((def) => {
      const rig = buildRig(look(def.id));
      const sig = silhouette(rig);
      disposeRig(rig);
      return { id: def.id, sig };
    });
    for (let a = 0; a < sigs.length; a++)
      for (let b = a + 1; b < sigs.length; b++) {
        const A = sigs[a]!.sig;
        const B = sigs[b]!.sig;
        const differ = A.filter((row, i) => Math.abs(row.width - B[i]!.width) > 0.02 || Math.abs(row.depth - B[i]!.depth) > 0.03 || row.slot !== B[i]!.slot).length;
        expect(differ, `${sigs[a]!.id} vs ${sigs[b]!.id}`).toBeGreaterThanOrEqual(4);
      }
  });

  it('draws a choice saved before these models existed as the same model in the same colours', () => {
    // The stored shape is unchanged: a model id of the eight and three colours (the server keeps this JSON).
    const saved = avatarAppearance.parse(JSON.parse('{"model":"rex","body":"#FF6B6B","skin":"#8D5524","clothes":"#2E3A59"}'));
    const rig = buildRig(saved);
    expect(rig.root.name).toBe('avatar:rex');
    const col = rig.mesh.geometry.getAttribute('color');
    const i = rig.slots.indexOf(SLOT.body);
    const body = new Color('#FF6B6B');
    expect(col.getX(i)).toBeCloseTo(body.r, 5);
    expect(col.getY(i)).toBeCloseTo(body.g, 5);
    disposeRig(rig);
  });

  it('recolours in place when only the colours change', () => {
    const layer = new AvatarLayer({ pose: () => ({ position: [0, 0, 0], yaw: 0 }), showLocal: () => true });
    layer.setLocalAvatar(look('mira'), 'Me');
    const mesh = layer.root.getObjectByName('avatar-body') as SkinnedMesh;
    layer.setLocalAvatar({ ...look('mira'), body: '#FF0000' }, 'Me');
    expect(layer.root.getObjectByName('avatar-body')).toBe(mesh);
    const red = new Color('#FF0000');
    const col = mesh.geometry.getAttribute('color');
    let found = false;
    for (let i = 0; i < col.count; i++) if (col.getX(i) === Math.fround(red.r) && col.getY(i) === 0 && col.getZ(i) === 0) found = true;
    expect(found).toBe(true);
    layer.setLocalAvatar({ ...look('rex'), body: '#FF0000' }, 'Me');
    expect(layer.root.getObjectByName('avatar-body')).not.toBe(mesh);
    layer.dispose();
  });

  it('has idle, walk, run and all nine emotes as clips that move real bones', () => {
    const rig = buildRig(look('kai'));
    const clips = { ...locomotionClips(rig.bones.hips.position), ...emoteClips(rig.bones.hips.position) };
    expect(Object.keys(clips).sort()).toEqual(['idle', 'run', 'walk', ...EMOTES].sort());
    const mixer = new AnimationMixer(rig.root);
    for (const [name, clip] of Object.entries(clips)) {
      expect(clip.duration, name).toBeGreaterThan(0.4);
      expect(clip.validate(), name).toBe(true);
      for (const t of clip.tracks) expect(BONES as readonly string[]).toContain(t.name.split('.')[0]);
      // Playing the clip half-way leaves at least one bone away from its rest rotation.
      const before = rig.mesh.skeleton.bones.map((b) => b.quaternion.clone());
      const action = mixer.clipAction(clip).play();
      mixer.setTime(clip.duration * 0.37);
      const moved = rig.mesh.skeleton.bones.some((b, i) => b.quaternion.angleTo(before[i] as Quaternion) > 0.05);
      expect(moved, name).toBe(true);
      action.stop();
      mixer.setTime(0);
    }
    disposeRig(rig);
  });
});

describe('avatar layer', () => {
  it('follows remote poses smoothly, snaps far jumps and replays an emote only when its sequence grows', () => {
    let local: Vec3 = [0, 0, 0];
    const layer = new AvatarLayer({ pose: () => ({ position: local, yaw: 0 }), showLocal: () => false });
    const spec = { name: 'Ada', appearance: look('nova'), position: [1, 0, 1] as Vec3, yaw: 0, anim: 'idle' as const };
    layer.upsert('s1', spec);
    expect(layer.describe('s1')!.position).toEqual([1, 0, 1]);
    layer.upsert('s1', { ...spec, position: [2, 0, 1], anim: 'walk' });
    layer.update(1 / 60);
    const x = layer.describe('s1')!.position[0];
    expect(x).toBeGreaterThan(1);
    expect(x).toBeLessThan(2);
    for (let i = 0; i < 120; i++) layer.update(1 / 60);
    expect(layer.describe('s1')!.position[0]).toBeCloseTo(2, 2);
    layer.upsert('s1', { ...spec, position: [50, 0, 1] });
    expect(layer.describe('s1')!.position[0]).toBe(50);

    layer.upsert('s1', { ...spec, position: [50, 0, 1], emote: { id: 'wave', seq: 1 } });
    expect(layer.describe('s1')!.emote).toBe('wave');
    layer.update(3);
    expect(layer.describe('s1')!.emote).toBeNull();
    layer.upsert('s1', { ...spec, position: [50, 0, 1], emote: { id: 'wave', seq: 1 } });
    expect(layer.describe('s1')!.emote).toBeNull();

    layer.remove('s1');
    expect(layer.ids()).toEqual([]);
    local = [0, 0, 0];
    layer.update(0.1);
    expect(layer.localPose().anim).toBe('idle');
    layer.dispose();
  });

  it('shows a talking mark over a remote or the local avatar only while told they talk, kept across appearance changes', () => {
    // A stand-in 2D canvas: the mark is drawn into a texture, which Node has no canvas for.
    const ctx = new Proxy({}, { get: () => () => ({ width: 10 }) });
    const g = globalThis as { document?: unknown };
    g.document = { createElement: () => ({ width: 0, height: 0, getContext: () => ctx }) };
    try {
      const layer = new AvatarLayer({ pose: () => ({ position: [0, 0, 0], yaw: 0 }), showLocal: () => true });
      layer.upsert('s1', { name: 'Ada', appearance: look('nova'), position: [1, 0, 1], yaw: 0, anim: 'idle' });
      const mark = () => layer.root.getObjectByName('talking-mark');
      expect(layer.describe('s1')!.talking).toBe(false);
      expect(mark()).toBeUndefined();
      layer.setTalking('s1', true);
      expect(layer.describe('s1')!.talking).toBe(true);
      expect(mark()!.visible).toBe(true);
      // Above the name plate, over the avatar's head.
      expect(mark()!.position.y).toBeGreaterThan(layer.root.getObjectByName('nameplate')!.position.y);
      layer.update(0.1);
      layer.setTalking('s1', false);
      expect(layer.describe('s1')!.talking).toBe(false);
      expect(mark()!.visible).toBe(false);
      layer.setTalking('nobody', true);
      expect(layer.ids()).toEqual(['s1']);

      layer.setLocalTalking(true);
      layer.setLocalAvatar(look('kai'), 'Me');
      expect(layer.isLocalTalking()).toBe(true);
      const visible = layer.root.children.flatMap((a) => a.children).filter((o) => o.name === 'talking-mark' && o.visible);
      expect(visible).toHaveLength(1);
      layer.setLocalTalking(false);
      expect(layer.isLocalTalking()).toBe(false);
      layer.dispose();
    } finally {
      delete g.document;
    }
  });

  it('names the local animation from speed', () => {
    expect(animationForSpeed(0)).toBe('idle');
    expect(animationForSpeed(1.4)).toBe('walk');
    expect(animationForSpeed(6)).toBe('run');
  });
});

/** Vertices of one hand: below the wrist, on that side, mostly moved by the lower arm. */
function handVertices(rig: AvatarRig, side: 'L' | 'R', belowY: number): number[] {
  const g = rig.mesh.geometry;
  const pos = g.getAttribute('position');
  const si = g.getAttribute('skinIndex');
  const sw = g.getAttribute('skinWeight');
  const bone = BONES.indexOf(`lowerArm${side}`);
  const out: number[] = [];
  for (let i = 0; i < pos.count; i++) {
    const w = [0, 1, 2, 3].reduce((s, k) => s + (si.getComponent(i, k) === bone ? sw.getComponent(i, k) : 0), 0);
    if (w > 0.9 && pos.getY(i) < belowY && rig.slots[i] === SLOT.skin) out.push(i);
  }
  return out;
}

/**
 * Connected surface id per vertex: joined by triangles, or by sitting at the same point (a colour edge
 * doubles its ring of vertices). Such twins must carry the same bone weights, or the seam would open.
 */
function components(g: BufferGeometry): Int32Array {
  const n = g.getAttribute('position').count;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const index = g.index!;
  const pos = g.getAttribute('position');
  const si = g.getAttribute('skinIndex');
  const sw = g.getAttribute('skinWeight');
  const at = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = `${pos.getX(i).toFixed(5)},${pos.getY(i).toFixed(5)},${pos.getZ(i).toFixed(5)}`;
    const twin = at.get(key);
    if (twin === undefined) at.set(key, i);
    else if ([0, 1, 2, 3].every((k) => si.getComponent(i, k) === si.getComponent(twin, k) && sw.getComponent(i, k) === sw.getComponent(twin, k))) parent[find(i)] = find(twin);
  }
  for (let t = 0; t < index.count; t += 3) {
    const a = find(index.getX(t));
    parent[find(index.getX(t + 1))] = a;
    parent[find(index.getX(t + 2))] = a;
  }
  return parent.map((_, i) => find(i));
}

/** Skinned vertex positions in the current pose. */
function skinned(mesh: SkinnedMesh): Float32Array {
  mesh.skeleton.update();
  const n = mesh.geometry.getAttribute('position').count;
  const out = new Float32Array(n * 3);
  const v = new Vector3();
  for (let i = 0; i < n; i++) mesh.getVertexPosition(i, v).toArray(out, i * 3);
  return out;
}

/** Per 5 cm of height: the widest extent across, the depth, and the colour slot most vertices there carry. */
function silhouette(rig: AvatarRig) {
  const pos = rig.mesh.geometry.getAttribute('position');
  const rows = Array.from({ length: 40 }, () => ({ width: 0, min: Infinity, max: -Infinity, slots: new Map<number, number>() }));
  for (let i = 0; i < pos.count; i++) {
    const r = rows[Math.max(0, Math.min(39, Math.floor(pos.getY(i) / 0.05)))]!;
    r.width = Math.max(r.width, Math.abs(pos.getX(i)));
    r.min = Math.min(r.min, pos.getZ(i));
    r.max = Math.max(r.max, pos.getZ(i));
    r.slots.set(rig.slots[i]!, (r.slots.get(rig.slots[i]!) ?? 0) + 1);
  }
  return rows.map((r) => ({ width: r.width, depth: Number.isFinite(r.min) ? r.max - r.min : 0, slot: [...r.slots].sort((a, b) => b[1] - a[1])[0]?.[0] ?? -1 }));
}

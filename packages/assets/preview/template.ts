// Renders a template's scene document for eyeballing layouts. Uses the engine's room builder
// read-only (dev preview only; the package itself never imports the engine).
import {
  Box3, BoxGeometry, CanvasTexture, DoubleSide, Group, Mesh, MeshBasicMaterial, MeshStandardMaterial, PlaneGeometry,
  SphereGeometry, SRGBColorSpace, TextureLoader, Vector3, type Material, type PerspectiveCamera, type Scene,
} from 'three';
import { sceneDocumentV1, type SceneDocument } from '@atrium/shared/scene/index';
import { buildLevel } from '@atrium/engine/builder/index';
import { getTemplate, skyFromUri } from '../src/index.ts';
import { buildProp, createMaterial } from '../src/three/index.ts';

const DEFAULTS = { wall: 'plaster', floor: 'oak', stairs: 'concrete', ceiling: 'white', trim: 'trim-satin' } as const;

function textPlane(text: string, fontSize: number, color: string): Mesh {
  const c = document.createElement('canvas');
  const g = c.getContext('2d')!;
  const px = 96;
  g.font = `bold ${px}px system-ui, sans-serif`;
  c.width = Math.ceil(g.measureText(text).width) + 20;
  c.height = px * 1.3;
  g.font = `bold ${px}px system-ui, sans-serif`;
  g.fillStyle = color;
  g.textBaseline = 'middle';
  g.fillText(text, 10, c.height / 2);
  const t = new CanvasTexture(c);
  t.colorSpace = SRGBColorSpace;
  const h = (fontSize / 60) * 0.42;
  return new Mesh(new PlaneGeometry((h * c.width) / c.height, h), new MeshBasicMaterial({ map: t, transparent: true, side: DoubleSide }));
}

export function buildTemplateScene(id: string, scene: Scene): { doc: SceneDocument; bounds: Box3; skyId: string } {
  const doc = sceneDocumentV1.parse(getTemplate(id)!.document);
  const root = new Group();
  const overrides = doc.customSpace?.materialOverrides ?? [];
  for (const level of doc.customSpace?.levels ?? []) {
    for (const batch of buildLevel(level, overrides)) {
      // The engine's baked contact shading needs its vertex-alpha material; the preview leaves it out.
      if (batch.surface === 'shade') continue;
      let mat: Material;
      if (batch.surface === 'glass') mat = createMaterial('glass-clear');
      else {
        const m = createMaterial(batch.materialId ?? DEFAULTS[batch.surface], { tint: batch.tint });
        if (batch.surface === 'floor') m.side = DoubleSide;
        mat = m;
      }
      const mesh = new Mesh(batch.geometry, mat);
      mesh.castShadow = batch.surface !== 'glass';
      mesh.receiveShadow = true;
      root.add(mesh);
    }
  }
  for (const p of doc.props) {
    const g = buildProp(p.propId, { tint: p.tint });
    g.position.fromArray(p.position);
    g.rotation.set(p.rotation[0], p.rotation[1], p.rotation[2]);
    g.scale.fromArray(p.scale);
    root.add(g);
  }
  const loader = new TextureLoader();
  for (const pic of doc.pictures) {
    const g = new Group();
    const mat = new MeshStandardMaterial({ color: '#ffffff', roughness: 0.7 });
    loader.load(pic.imageUri, (t) => { t.colorSpace = SRGBColorSpace; mat.map = t; mat.needsUpdate = true; });
    const plane = new Mesh(new PlaneGeometry(pic.width, pic.height), mat);
    plane.position.z = 0.021;
    const fw = pic.frame.width;
    const frame = new Mesh(new BoxGeometry(pic.width + 2 * fw, pic.height + 2 * fw, 0.04), new MeshStandardMaterial({ color: pic.frame.color }));
    g.add(plane, frame);
    g.position.fromArray(pic.position);
    g.rotation.set(pic.rotation[0], pic.rotation[1], pic.rotation[2]);
    root.add(g);
  }
  for (const t of doc.texts3d) {
    const m = textPlane(t.text, t.fontSize, t.colorTint);
    m.position.fromArray(t.position);
    m.rotation.set(t.rotation[0], t.rotation[1], t.rotation[2]);
    root.add(m);
  }
  for (const ip of doc.infoPoints) {
    const s = new Mesh(new SphereGeometry(0.12, 16, 12), new MeshBasicMaterial({ color: ip.color }));
    s.position.fromArray(ip.position);
    root.add(s);
  }
  root.traverse((o) => { if ((o as Mesh).isMesh) (o as Mesh).receiveShadow = true; });
  scene.add(root);
  const bounds = new Box3().setFromObject(root);
  return { doc, bounds, skyId: skyFromUri(doc.customSpace?.skyUri)?.id ?? 'noon' };
}

export function frameCamera(camera: PerspectiveCamera, doc: SceneDocument, bounds: Box3, mode: string): void {
  if (mode === 'start') {
    camera.fov = 70;
    const [x, y, z] = doc.startingPosition;
    camera.position.set(x, y + 1.6, z);
    camera.rotation.set(-0.05, doc.startingRotation[1], 0, 'YXZ');
  } else {
    const size = bounds.getSize(new Vector3()), c = bounds.getCenter(new Vector3());
    const r = Math.max(size.x, size.z);
    camera.fov = 40;
    // High and steep so the near walls hide as little as possible.
    camera.position.set(c.x + r * 0.25, r * 1.35, c.z + r * 0.75);
    camera.lookAt(c.x, 0, c.z + r * 0.02);
  }
  camera.updateProjectionMatrix();
}

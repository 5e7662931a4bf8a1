import {
  BoxGeometry, Color, Euler, Group, InstancedBufferAttribute, InstancedMesh, Matrix4, MeshStandardMaterial, PlaneGeometry, Quaternion, Vector3,
} from 'three';
import type { Picture } from '@atrium/shared';
import type { LayerPage, LayerSlot } from '../loading/pictureLayers.ts';
import type { ItemContext } from './context.ts';
import { layeredPictureMaterial } from './pictureMaterial.ts';

const FRAME_DEPTH = 0.04;

function placement(p: Picture): Matrix4 {
  return new Matrix4().compose(new Vector3(...p.position), new Quaternion().setFromEuler(new Euler(...p.rotation)), new Vector3(...p.scale));
}

function tagInstances(mesh: InstancedMesh, list: readonly Picture[], activatable: boolean): void {
  mesh.userData.instanceItems = list.map((p) => p.id);
  mesh.userData.item = { itemId: list[0]!.id, kind: 'pictures', collisions: list[0]!.collisions, activatable };
  mesh.instanceMatrix.needsUpdate = true;
  mesh.computeBoundingBox();
  mesh.computeBoundingSphere();
}

/**
 * Every picture in a scene in a handful of draw calls, however many different images hang: each
 * distinct image is a layer of a texture array (`PictureLayers`, decoded once and kept across
 * rebuilds), and the image planes of one array page are one InstancedMesh with a per-instance layer
 * index; all frames are one InstancedMesh with a per-instance colour. A plane shows a neutral card
 * until its image arrives, so the first frame never waits. Picking maps instanceId back to the
 * picture through `userData.instanceItems`.
 */
export function buildPictures(pictures: readonly Picture[], ctx: ItemContext): Group {
  const root = new Group();
  root.name = 'pictures';
  if (pictures.length === 0) return root;
  const layers = ctx.pictureLayers;
  const slots = layers.acquire(pictures.map((p) => p.imageUri));
  const byPage = new Map<LayerPage, Picture[]>();
  for (const p of pictures) {
    const page = slots.get(p.imageUri)!.page;
    const list = byPage.get(page);
    if (list) list.push(p); else byPage.set(page, [p]);
  }
  let released = false;
  for (const [page, list] of byPage) {
    const geometry = new PlaneGeometry(1, 1);
    const layerIndex = new InstancedBufferAttribute(new Float32Array(list.length), 1);
    geometry.setAttribute('pictureLayer', layerIndex);
    // The batch's images are released once, when its meshes are disposed (a rebuild or a new document).
    geometry.addEventListener('dispose', () => { if (!released) { released = true; layers.release(slots.values()); } });
    const planes = new InstancedMesh(geometry, layeredPictureMaterial(page), list.length);
    planes.name = `pictures:${list[0]!.id}${list.length > 1 ? `+${list.length - 1}` : ''}`;
    // Each instance is the picture's placement times a local part matrix, kept so a move rewrites only that instance.
    planes.userData.instanceLocal = list.map((p, i) => {
      // Sits just in front of the frame so the two never z-fight.
      const local = new Matrix4().compose(new Vector3(0, 0, FRAME_DEPTH / 2 + 0.001), new Quaternion(), new Vector3(p.width, p.height, 1));
      planes.setMatrixAt(i, placement(p).multiply(local));
      return local;
    });
    // A plane shows the card (-1) until its image settles, then its layer: set when the image
    // settles, not in onBeforeRender, whose index reached the GPU only with the frame after (three
    // uploads attributes before drawing begins), so the frame completing a load showed blank cards.
    const instancesOf = new Map<LayerSlot, number[]>();
    list.forEach((p, i) => {
      const slot = slots.get(p.imageUri)!;
      const instances = instancesOf.get(slot);
      if (instances) instances.push(i); else instancesOf.set(slot, [i]);
    });
    for (const [slot, instances] of instancesOf) {
      const point = () => {
        for (const i of instances) layerIndex.setX(i, slot.state === 'shown' ? slot.layer : -1);
        layerIndex.needsUpdate = true;
      };
      point(); // an image an earlier batch decoded shows at once
      void slot.settled.then(point);
    }
    // Arrived images go to the GPU with the frame that draws them.
    planes.onBeforeRender = (renderer) => page.flush(renderer);
    planes.receiveShadow = true;
    tagInstances(planes, list, true);
    root.add(planes);
  }
  for (const slot of slots.values()) {
    const showing = pictures.filter((p) => p.imageUri === slot.uri);
    void slot.settled.then(() => {
      if (slot.error !== undefined) ctx.warn('Failed to load image', showing[0]!.id, slot.error);
      showing.forEach(() => ctx.tracker.itemDone());
    });
  }
  const framed = pictures.filter((p) => p.frame.enabled && p.frame.width > 0);
  if (framed.length > 0) {
    const frames = new InstancedMesh(new BoxGeometry(1, 1, FRAME_DEPTH), new MeshStandardMaterial({ roughness: 0.5 }), framed.length);
    frames.name = 'pictures:frames';
    const color = new Color();
    frames.userData.instanceLocal = framed.map((p, i) => {
      const fw = p.frame.width;
      const local = new Matrix4().makeScale(p.width + 2 * fw, p.height + 2 * fw, 1);
      frames.setMatrixAt(i, placement(p).multiply(local));
      frames.setColorAt(i, color.set(p.frame.color));
      return local;
    });
    frames.castShadow = frames.receiveShadow = true;
    tagInstances(frames, framed, true);
    root.add(frames);
  }
  return root;
}

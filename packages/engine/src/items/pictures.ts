import {
  BoxGeometry, Color, Euler, Group, InstancedMesh, Matrix4, MeshStandardMaterial, PlaneGeometry, Quaternion, Vector3,
} from 'three';
import type { Picture } from '@atrium/shared';
import { placeholderTexture } from '../loading/textures.ts';
import type { ItemContext } from './context.ts';

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
 * Every picture in a scene in a handful of draw calls: the image planes are one InstancedMesh per
 * image (the texture loads once however often it hangs) and all frames one InstancedMesh with a
 * per-instance colour. Each plane shows a neutral card until its image arrives, so the first frame
 * never waits. Picking maps instanceId back to the picture through `userData.instanceItems`.
 */
export function buildPictures(pictures: readonly Picture[], ctx: ItemContext): Group {
  const root = new Group();
  root.name = 'pictures';
  if (pictures.length === 0) return root;
  const byImage = new Map<string, Picture[]>();
  for (const p of pictures) {
    const list = byImage.get(p.imageUri) ?? [];
    list.push(p);
    byImage.set(p.imageUri, list);
  }
  const unitPlane = new PlaneGeometry(1, 1);
  for (const [uri, list] of byImage) {
    const material = new MeshStandardMaterial({ color: '#e6e6e6', roughness: 0.6 });
    const planes = new InstancedMesh(unitPlane, material, list.length);
    planes.name = `pictures:${list[0]!.id}${list.length > 1 ? `+${list.length - 1}` : ''}`;
    // Each instance is the picture's placement times a local part matrix, kept so a move rewrites only that instance.
    planes.userData.instanceLocal = list.map((p, i) => {
      // Sits just in front of the frame so the two never z-fight.
      const local = new Matrix4().compose(new Vector3(0, 0, FRAME_DEPTH / 2 + 0.001), new Quaternion(), new Vector3(p.width, p.height, 1));
      planes.setMatrixAt(i, placement(p).multiply(local));
      return local;
    });
    planes.receiveShadow = true;
    tagInstances(planes, list, true);
    root.add(planes);
    ctx
      .loadTexture(uri)
      .then((tex) => {
        material.map = tex;
        material.color.set('#ffffff');
        material.needsUpdate = true;
      })
      .catch((err) => {
        ctx.warn('Failed to load image', list[0]!.id, err);
        if (ctx.canUseDom) {
          material.map = placeholderTexture(ctx.texts?.().failedToLoadImage);
          material.color.set('#ffffff');
          material.needsUpdate = true;
        }
      })
      .finally(() => list.forEach(() => ctx.tracker.itemDone()));
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

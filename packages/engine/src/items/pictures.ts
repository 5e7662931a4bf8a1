import { BoxGeometry, Group, Mesh, MeshStandardMaterial, PlaneGeometry } from 'three';
import type { Picture } from '@atrium/shared';
import { placeholderTexture } from '../loading/textures.ts';
import { tagItem, type ItemContext } from './context.ts';

/** A framed picture. The plane shows a neutral card until the image arrives, so the first frame never waits. */
export function buildPicture(p: Picture, ctx: ItemContext): Group {
  const group = new Group();
  tagItem(group, 'pictures', p, true);
  const material = new MeshStandardMaterial({ color: '#e6e6e6', roughness: 0.6 });
  const plane = new Mesh(new PlaneGeometry(p.width, p.height), material);
  plane.position.z = 0.021;
  plane.receiveShadow = true;
  group.add(plane);
  if (p.frame.enabled && p.frame.width > 0) {
    const fw = p.frame.width;
    const frame = new Mesh(new BoxGeometry(p.width + 2 * fw, p.height + 2 * fw, 0.04), new MeshStandardMaterial({ color: p.frame.color, roughness: 0.5 }));
    frame.castShadow = true;
    frame.receiveShadow = true;
    group.add(frame);
  }
  ctx
    .loadTexture(p.imageUri)
    .then((tex) => {
      material.map = tex;
      material.color.set('#ffffff');
      material.needsUpdate = true;
    })
    .catch((err) => {
      ctx.warn('Failed to load image', p.id, err);
      if (ctx.canUseDom) {
        material.map = placeholderTexture();
        material.color.set('#ffffff');
        material.needsUpdate = true;
      }
    })
    .finally(() => ctx.tracker.itemDone());
  return group;
}

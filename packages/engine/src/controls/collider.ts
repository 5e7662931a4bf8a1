import type { BufferAttribute, InstancedMesh} from 'three';
import { Box3, BoxGeometry, BufferGeometry, Matrix4, Mesh, MeshBasicMaterial, Vector3, type Object3D } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { MeshBVH } from 'three-mesh-bvh';
import type { CollisionMode } from '@atrium/shared';

/** Collision mode set directly on an object, or inherited from the closest tagged ancestor. */
function modeOf(o: Object3D): CollisionMode | undefined {
  return (o.userData.item?.collisions as CollisionMode | undefined) ?? (o.userData.collisions as CollisionMode | undefined);
}

function positionsOnly(g: BufferGeometry, m: Matrix4): BufferGeometry {
  const src = g.index ? g.toNonIndexed() : g;
  const out = new BufferGeometry();
  out.setAttribute('position', (src.getAttribute('position') as BufferAttribute).clone());
  out.applyMatrix4(m);
  if (src !== g) src.dispose();
  return out;
}

function localBounds(root: Object3D): Box3 {
  // Bounds in the item's own frame, so a rotated picture gets a thin rotated box, not a fat AABB.
  const inv = new Matrix4().copy(root.matrixWorld).invert();
  const box = new Box3();
  root.traverse((o) => {
    const mesh = o as Mesh;
    if (!mesh.isMesh || !mesh.geometry) return;
    mesh.geometry.computeBoundingBox();
    const b = mesh.geometry.boundingBox!.clone().applyMatrix4(new Matrix4().multiplyMatrices(inv, mesh.matrixWorld));
    box.union(b);
  });
  return box;
}

function boxFor(b: Box3, m: Matrix4): BufferGeometry {
  const size = b.getSize(new Vector3());
  const center = b.getCenter(size.clone());
  const g = new BoxGeometry(Math.max(size.x, 0.01), Math.max(size.y, 0.01), Math.max(size.z, 0.01));
  g.translate(center.x, center.y, center.z);
  return positionsOnly(g, m);
}

/**
 * Gathers everything the player can bump into as world-space triangles: Precise objects
 * contribute their meshes, Simple ones an oriented box, None nothing.
 */
export function collectColliderGeometry(root: Object3D): BufferGeometry[] {
  root.updateMatrixWorld(true);
  const parts: BufferGeometry[] = [];
  const visit = (o: Object3D, inherited: CollisionMode) => {
    if (!o.visible) return;
    const own = modeOf(o);
    const mode = own ?? inherited;
    if (own === 'Simple' && !(o as InstancedMesh).isInstancedMesh) {
      const b = localBounds(o);
      if (!b.isEmpty()) parts.push(boxFor(b, o.matrixWorld));
      return;
    }
    const mesh = o as Mesh;
    if (mesh.isMesh && mode !== 'None' && mesh.geometry?.getAttribute('position')) {
      const inst = o as InstancedMesh;
      if (inst.isInstancedMesh) {
        const im = new Matrix4();
        for (let i = 0; i < inst.count; i++) {
          inst.getMatrixAt(i, im);
          const world = new Matrix4().multiplyMatrices(inst.matrixWorld, im);
          if (mode === 'Simple') {
            inst.geometry.computeBoundingBox();
            parts.push(boxFor(inst.geometry.boundingBox!, world));
          } else parts.push(positionsOnly(inst.geometry, world));
        }
      } else parts.push(positionsOnly(mesh.geometry, mesh.matrixWorld));
    }
    for (const c of o.children) visit(c, mode);
  };
  visit(root, 'None');
  return parts;
}

/** One static mesh with a BVH: the player's whole world for collision queries. */
export function buildCollider(root: Object3D): Mesh | null {
  const parts = collectColliderGeometry(root);
  if (!parts.length) return null;
  const merged = mergeGeometries(parts);
  parts.forEach((p) => p.dispose());
  const mesh = new Mesh(merged, new MeshBasicMaterial({ wireframe: true }));
  mesh.name = 'collider';
  (merged as BufferGeometry & { boundsTree?: MeshBVH }).boundsTree = new MeshBVH(merged);
  return mesh;
}

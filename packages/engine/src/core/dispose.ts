import type { Material, Mesh, Object3D, Texture } from 'three';

/** Frees GPU memory held by a subtree: geometries, materials and their textures. */
export function disposeObject(root: Object3D): void {
  root.traverse((o) => {
    const mesh = o as Mesh;
    mesh.geometry?.dispose();
    const mats = Array.isArray(mesh.material) ? mesh.material : mesh.material ? [mesh.material] : [];
    mats.forEach(disposeMaterial);
  });
}

function disposeMaterial(m: Material): void {
  for (const v of Object.values(m)) {
    if (v && typeof v === 'object' && (v as Texture).isTexture) (v as Texture).dispose();
  }
  m.dispose();
}

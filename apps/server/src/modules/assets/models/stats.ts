import { type Document, Primitive } from '@gltf-transform/core';

/** Triangles drawn by a primitive (strips and fans count n-2; points and lines count none). */
export function primitiveTriangles(p: Primitive): number {
  const count = p.getIndices()?.getCount() ?? p.getAttribute('POSITION')?.getCount() ?? 0;
  const mode = p.getMode();
  if (mode === Primitive.Mode.TRIANGLES) return Math.floor(count / 3);
  if (mode === Primitive.Mode.TRIANGLE_STRIP || mode === Primitive.Mode.TRIANGLE_FAN) return Math.max(0, count - 2);
  return 0;
}

/**
 * Spec §3 model counts. Triangles are counted per mesh instance in the scene (a chair used four
 * times draws four times), which is what the web budget cares about.
 */
export function modelCounts(doc: Document) {
  const root = doc.getRoot();
  let triangles = 0;
  for (const scene of root.listScenes()) {
    scene.traverse((node) => {
      const mesh = node.getMesh();
      if (mesh) for (const p of mesh.listPrimitives()) triangles += primitiveTriangles(p);
    });
  }
  const textureBytes = root.listTextures().reduce((n, t) => n + (t.getImage()?.byteLength ?? 0), 0);
  return {
    triangles,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    animationClips: root.listAnimations().length,
    clipNames: root.listAnimations().map((a, i) => a.getName() || `Clip ${i + 1}`),
    textureBytes,
  };
}

import { Document, NodeIO } from '@gltf-transform/core';
import { KHRTextureBasisu } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { repairNormals } from '../src/modules/assets/models/normals.ts';
import { optimizeModel } from '../src/modules/assets/models/optimize.ts';
import { renderThumbnail } from '../src/modules/assets/models/render.ts';
import { checkTextures } from '../src/modules/assets/models/textures.ts';
import { picture, sphereDocument } from './support/assetFixtures.ts';
import { dracoGlb, ktx2Image, texturedSphere, validateServed } from './support/modelFixtures.ts';

// The model pipeline's own functions, without a server or database (the upload tests in
// assets-model-trust.test.ts cover the same items end to end on both databases).

/** A quad of two triangles whose normals are: unit, zero, non-unit, unit. */
function quadWithBadNormals() {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const acc = (type: 'VEC3' | 'SCALAR', array: Float32Array<ArrayBuffer> | Uint16Array<ArrayBuffer>) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0])))
    .setAttribute('NORMAL', acc('VEC3', new Float32Array([0, 0, 1, 0, 0, 0, 0, 0, 3, 0, 0, 1])))
    .setIndices(acc('SCALAR', new Uint16Array([0, 1, 2, 0, 2, 3])));
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh().addPrimitive(prim)));
  return { doc, prim };
}

/** Distinct 60° hue sectors among the saturated pixels of an image. */
async function hueSectors(webp: Buffer) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const sectors = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
    const max = Math.max(r, g, b), d = max - Math.min(r, g, b);
    if (d < 40) continue;
    sectors.add(Math.floor(max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4));
  }
  return sectors.size;
}

describe('model pipeline', () => {
  it('repairNormals: a zero normal takes the face normal, a long one is rescaled, good ones stay', () => {
    const { doc, prim } = quadWithBadNormals();
    repairNormals(doc);
    const n = prim.getAttribute('NORMAL')!;
    const v = [0, 0, 0];
    for (let i = 0; i < 4; i++) {
      n.getElement(i, v);
      expect(v.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([0, 0, 1]);
    }
  });

  it('checkTextures: refuses KTX2 without KHR_texture_basisu and unknown images, accepts KTX2 with it, fixes a wrong mime type', async () => {
    const withKtx2 = () => {
      const doc = sphereDocument(8, 4);
      doc.getRoot().listMaterials()[0]!.setBaseColorTexture(doc.createTexture('albedo').setImage(ktx2Image()).setMimeType('image/ktx2'));
      return doc;
    };
    expect(() => checkTextures(withKtx2(), 'a.glb')).toThrow(/The model a\.glb is not valid: texture albedo is a KTX2 image.*KHR_texture_basisu/);
    const declared = withKtx2();
    declared.createExtension(KHRTextureBasisu).setRequired(true);
    expect(() => checkTextures(declared, 'b.glb')).not.toThrow();

    const garbage = sphereDocument(8, 4);
    garbage.getRoot().listMaterials()[0]!.setBaseColorTexture(garbage.createTexture('x').setImage(new Uint8Array(64).fill(7)).setMimeType('image/png'));
    expect(() => checkTextures(garbage, 'c.obj')).toThrow(/texture x is not a PNG, JPEG, WebP or KTX2 image/);

    const mislabelled = sphereDocument(8, 4, { texture: await picture(8, 8, 'png') });
    mislabelled.getRoot().listTextures()[0]!.setMimeType('image/jpeg');
    checkTextures(mislabelled, 'd.obj');
    expect(mislabelled.getRoot().listTextures()[0]!.getMimeType()).toBe('image/png');
  });

  it('optimizeModel: reads a Draco GLB and writes meshopt that validates with 0 errors, and no LOD', async () => {
    const out = await optimizeModel(await dracoGlb());
    expect(Object.keys(out).sort()).toEqual(['main', 'stats', 'thumbnail']);
    expect(out.stats).not.toHaveProperty('lodTriangles');
    const check = await validateServed(out.main);
    expect(check).toMatchObject({ served: [], decoded: [] });
    expect(check.triangles).toBe(out.stats.triangles);
    expect(Buffer.from(out.main).includes(Buffer.from('KHR_draco_mesh_compression'))).toBe(false);
  });

  it('optimizeModel: a KTX2 texture under KHR_texture_basisu comes out declared and valid', async () => {
    const doc = sphereDocument(8, 4);
    doc.getRoot().listMaterials()[0]!.setBaseColorTexture(doc.createTexture('albedo').setImage(ktx2Image()).setMimeType('image/ktx2'));
    doc.createExtension(KHRTextureBasisu).setRequired(true);
    const out = await optimizeModel(await new NodeIO().registerExtensions([KHRTextureBasisu]).writeBinary(doc));
    expect(Buffer.from(out.main).includes(Buffer.from('KHR_texture_basisu'))).toBe(true);
    expect(await validateServed(out.main)).toMatchObject({ served: [], decoded: [] });
  });

  it('optimizeModel: fails with the validator reason rather than write an invalid model', async () => {
    // A textured material on a primitive without texture coordinates: glTF-Transform writes it, the
    // validator calls it an error (MESH_PRIMITIVE_TOO_FEW_TEXCOORDS), and nothing in the pipeline adds UVs.
    const doc = sphereDocument(8, 4, { texture: await picture(8, 8, 'png') });
    doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!.setAttribute('TEXCOORD_0', null);
    const bytes = await new NodeIO().writeBinary(doc);
    await expect(optimizeModel(bytes)).rejects.toThrow(/the optimised model is not valid glTF: .*TEXCOORD/);
  });

  it('renderThumbnail: samples the base colour texture', async () => {
    const textured = await renderThumbnail(await texturedSphere());
    const flat = await renderThumbnail(sphereDocument());
    expect(await hueSectors(textured)).toBeGreaterThanOrEqual(4);
    // The plain red sphere straddles the 0°/360° seam at most: two sectors.
    expect(await hueSectors(flat)).toBeLessThanOrEqual(2);
  });
});

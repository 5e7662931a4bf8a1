import { MeshStandardMaterial } from 'three';
import type { LayerPage } from '../loading/pictureLayers.ts';

// The neutral card a plane shows until its image arrives (#e6e6e6 in linear light).
const CARD = '0.79';

/**
 * A standard material whose colour comes from one layer of a picture page's texture array, chosen
 * per instance by the `pictureLayer` attribute (-1: not arrived yet, the card). Every page shares
 * one shader program (same cache key); each material binds its own page's array.
 */
export function layeredPictureMaterial(page: LayerPage): MeshStandardMaterial {
  const m = new MeshStandardMaterial({ color: '#ffffff', roughness: 0.6 });
  m.name = 'pictures:layered';
  m.userData.page = page;
  m.onBeforeCompile = (shader) => {
    shader.uniforms.pictureLayers = { value: page.texture };
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nattribute float pictureLayer;\nvarying float vPictureLayer;\nvarying vec2 vPictureUv;')
      .replace('#include <uv_vertex>', '#include <uv_vertex>\nvPictureLayer = pictureLayer;\nvPictureUv = uv;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nuniform highp sampler2DArray pictureLayers;\nvarying float vPictureLayer;\nvarying vec2 vPictureUv;')
      .replace('#include <map_fragment>', `diffuseColor.rgb *= vPictureLayer < -0.5 ? vec3(${CARD}) : texture(pictureLayers, vec3(vPictureUv, floor(vPictureLayer + 0.5))).rgb;`);
  };
  m.customProgramCacheKey = () => 'atrium:picture-layers';
  return m;
}

import type { Box3} from 'three';
import { DirectionalLight, HemisphereLight, Object3D, PCFShadowMap, PCFSoftShadowMap, Vector3, type WebGLRenderer } from 'three';
import type { QualitySettings } from '../core/quality.ts';

export const SUN_DIRECTION = new Vector3(-0.55, 0.75, 0.38).normalize();

/** Sky fill plus one shadow-casting sun; the PMREM environment adds the rest of the bounce light. */
export class Lighting {
  readonly root = new Object3D();
  readonly hemi = new HemisphereLight('#dfeeff', '#8a7a66', 0.9);
  readonly sun = new DirectionalLight('#fff3e0', 2.6);

  constructor() {
    this.root.name = 'lighting';
    this.root.add(this.hemi, this.sun, this.sun.target);
    this.sun.shadow.bias = -0.0004;
    this.sun.shadow.normalBias = 0.03;
  }

  apply(renderer: WebGLRenderer, q: QualitySettings): void {
    const on = q.shadowMapSize > 0;
    renderer.shadowMap.enabled = on;
    renderer.shadowMap.type = q.softShadows ? PCFSoftShadowMap : PCFShadowMap;
    this.sun.castShadow = on;
    if (on && this.sun.shadow.mapSize.x !== q.shadowMapSize) {
      this.sun.shadow.mapSize.set(q.shadowMapSize, q.shadowMapSize);
      this.sun.shadow.map?.dispose();
      this.sun.shadow.map = null;
    }
    renderer.shadowMap.needsUpdate = true;
  }

  /** Fits the sun's orthographic shadow camera around the scene so texel density stays high. */
  fit(bounds: Box3): void {
    const center = bounds.getCenter(new Vector3());
    const radius = Math.max(5, bounds.getSize(new Vector3()).length() / 2);
    this.sun.position.copy(center).addScaledVector(SUN_DIRECTION, radius * 2);
    this.sun.target.position.copy(center);
    const cam = this.sun.shadow.camera;
    cam.left = -radius; cam.right = radius; cam.top = radius; cam.bottom = -radius;
    cam.near = 0.1; cam.far = radius * 4;
    cam.updateProjectionMatrix();
  }
}

import { Box3, Color, DirectionalLight, HemisphereLight, Object3D, PCFShadowMap, PCFSoftShadowMap, Vector3, type WebGLRenderer } from 'three';
import { sunDirection, type SkyDefinition } from '@atrium/assets';
import type { QualitySettings } from '../core/quality.ts';

export const SUN_DIRECTION = new Vector3(-0.55, 0.75, 0.38).normalize();

/** Night-like skies: their own PMREM would light a room with almost nothing. */
export function isDarkSky(sky: SkyDefinition): boolean {
  const horizon = new Color(sky.horizon);
  return 0.2126 * horizon.r + 0.7152 * horizon.g + 0.0722 * horizon.b < 0.1;
}

/** Sky fill plus one shadow-casting sun; the PMREM environment adds the rest of the bounce light. */
export class Lighting {
  readonly root = new Object3D();
  readonly hemi = new HemisphereLight('#dfeeff', '#8a7a66', 0.9);
  readonly sun = new DirectionalLight('#fff3e0', 2.6);
  #direction = SUN_DIRECTION.clone();
  #bounds = new Box3();

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

  /**
   * Matches sun and sky fill to a library sky (null = the engine's default daylight). Dim skies
   * (night) are lifted to a floor so rooms stay readable: spaces have no ceiling lights to rely on.
   */
  useSky(sky: SkyDefinition | null): void {
    if (!sky) {
      this.#direction.copy(SUN_DIRECTION);
      this.sun.color.set('#fff3e0');
      this.sun.intensity = 2.6;
      this.hemi.color.set('#dfeeff');
      this.hemi.groundColor.set('#8a7a66');
      this.hemi.intensity = 0.9;
    } else {
      // A sun just over the horizon would rake through the walls; keep it high enough to light floors.
      this.#direction.fromArray(sunDirection({ ...sky, sunElevation: Math.max(sky.sunElevation, 50) })).normalize();
      this.sun.color.set(new Color(sky.sunColor).lerp(new Color('#fff3e0'), 0.4));
      this.sun.intensity = Math.min(3, Math.max(1.6, sky.sunIntensity * 1.4));
      // Mostly neutral warm fill tinted by the sky: stands in for the room lights a real venue would have.
      this.hemi.color.set(new Color(sky.top).lerp(new Color('#fff4e6'), 0.75));
      this.hemi.groundColor.set(new Color(sky.bottom).lerp(new Color('#8a7a66'), 0.6));
      // Under a night sky the environment map adds almost nothing, so the fill carries the room.
      this.hemi.intensity = Math.max(isDarkSky(sky) ? 2.2 : 1.1, sky.ambient);
    }
    if (!this.#bounds.isEmpty()) this.fit(this.#bounds);
  }

  /** Fits the sun's orthographic shadow camera around the scene so texel density stays high. */
  fit(bounds: Box3): void {
    this.#bounds.copy(bounds);
    const center = bounds.getCenter(new Vector3());
    const radius = Math.max(5, bounds.getSize(new Vector3()).length() / 2);
    this.sun.position.copy(center).addScaledVector(this.#direction, radius * 2);
    this.sun.target.position.copy(center);
    const cam = this.sun.shadow.camera;
    cam.left = -radius; cam.right = radius; cam.top = radius; cam.bottom = -radius;
    cam.near = 0.1; cam.far = radius * 4;
    cam.updateProjectionMatrix();
  }
}

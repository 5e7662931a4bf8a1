import { Box3, type Object3D, type Scene } from 'three';
import type { SceneDocument, Vec3 } from '@atrium/shared';
import type { CameraRig } from '../controls/cameraRig.ts';
import type { Environment } from '../render/environment.ts';
import type { Viewport } from '../render/viewport.ts';
import { interiorCut, type InteriorCut } from './interiorCut.ts';
import type { SceneContent } from './sceneContent.ts';

/**
 * How the building is framed: the interior view (levels above hidden, everything over the level's
 * walls clipped) and orbit framings of the whole building or one level.
 */
export class LevelView {
  #cut: InteriorCut | null = null;
  #scene: Scene;
  #content: SceneContent;
  #rig: CameraRig;
  #viewport: Viewport;

  constructor(scene: Scene, content: SceneContent, rig: CameraRig, viewport: Viewport) {
    this.#scene = scene;
    this.#content = content;
    this.#rig = rig;
    this.#viewport = viewport;
  }

  /** The level the interior view looks into, or null in exterior view. */
  get level(): number | null {
    return this.#cut?.levelIndex ?? null;
  }

  /** Nothing above this height is drawn or picked. */
  get cutHeight(): number {
    return this.#cut?.height ?? Infinity;
  }

  /** Looks into level `levelIndex` of the current document (null: the whole building). */
  setInterior(levelIndex: number | null): void {
    this.#cut = interiorCut(this.#content.document?.customSpace?.levels ?? [], levelIndex);
    this.apply();
  }

  /** Applies the cut to the clipping plane and the levels' visibility (again after levels are rebuilt). */
  apply(): void {
    const cut = this.#cut;
    this.#viewport.setClipHeight(cut?.height ?? null);
    this.#content.structure.children.forEach((level, i) => (level.visible = !cut || i <= cut.levelIndex));
  }

  /** Orbit framing of the whole building (null) or steeply down into one level. */
  frame(levelIndex: number | null): void {
    const structure = this.#content.structure;
    this.#rig.frame(this.#bounds((levelIndex === null ? null : structure.children[levelIndex]) ?? structure), levelIndex !== null);
    this.#viewport.redraw.invalidate();
  }

  /** After a load: lights fitted to the building, the player at the entry point, the orbit camera outside. */
  fit(doc: SceneDocument, environment: Environment): void {
    const bounds = this.#bounds(this.#content.structure);
    environment.fit(bounds);
    this.#rig.setSpawn(doc.startingPosition, doc.startingRotation, true);
    this.#rig.frame(bounds, false);
  }

  /** The orbit camera circles `point`, keeping its angle and distance. */
  focus(point: Vec3): void {
    this.#rig.orbitAround(point);
    this.#viewport.redraw.invalidate();
  }

  clear(): void {
    this.#cut = null;
  }

  #bounds(of: Object3D): Box3 {
    this.#scene.updateMatrixWorld(true);
    const bounds = new Box3().setFromObject(of);
    if (bounds.isEmpty()) bounds.setFromObject(this.#content.items);
    return bounds;
  }
}

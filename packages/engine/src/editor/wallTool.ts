import { BufferGeometry, Line, LineBasicMaterial, Plane, Raycaster, Vector2, Vector3 } from 'three';
import { LEVEL_HEIGHT_M, WALL_HEIGHT_M, type Vec2, type Vec3 } from '@atrium/shared';
import type { History } from './history.ts';
import { AddLevelCommand, AddWallCommand, spaceOf } from './commands/structure.ts';
import { SplitWallCommand, splitProblem, wallNear } from './commands/wallEdits.ts';
import { snapPointToGrid, snapToGrid, snapToWallEnds } from './snapping.ts';
import type { EditorHost, EditorTools } from './tools.ts';

/** What the wall tools read from `EditorTools`: the tool, the edited level and the wall grid. */
type WallToolState = Pick<EditorTools, 'tool' | 'wallLevelId' | 'wallGridStep' | 'levelIndex' | 'events'>;

/**
 * The wall tools on the edited level (`EditorTools` wires them): drawing a chain of walls click by
 * click with a preview line, and splitting the wall under a click.
 */
export class WallTool {
  readonly #engine: EditorHost;
  readonly #history: History;
  readonly #tools: WallToolState;
  #wallStart: Vec2 | null = null;
  #wallPreview = new Line(new BufferGeometry(), new LineBasicMaterial({ color: '#3DABFF' }));
  #idSeq = 0;

  constructor(engine: EditorHost, history: History, tools: WallToolState) {
    this.#engine = engine;
    this.#history = history;
    this.#tools = tools;
    this.#wallPreview.name = 'editor:wall-preview';
    this.#wallPreview.visible = false;
  }

  /** The line from the chain's last point to the pointer, for the scene. */
  get preview(): Line {
    return this.#wallPreview;
  }

  /** Ends the current chain of walls. */
  end(): void {
    this.#wallStart = null;
    this.#wallPreview.visible = false;
    this.#engine.invalidate();
  }

  // ---------- wall split (a plain click; drags still move the camera) ----------

  splitAt(clientX: number, clientY: number): void {
    const levels = spaceOf(this.#history.document).levels;
    const level = levels[this.#tools.levelIndex];
    const hit = this.#engine.pickAt(clientX, clientY);
    const point = hit ? hit.point : this.#floorHit(clientX, clientY, level?.elevation ?? 0);
    const near = level && point ? wallNear(level, [point[0], point[2]], 0.6) : null;
    if (!level || !near) {
      this.#tools.events.emit('notice', { message: 'Click on a wall of the current level to split it' });
      return;
    }
    const snapped = snapToGrid(near.at, this.#tools.wallGridStep);
    const at = splitProblem(near.wall, snapped) === null ? snapped : near.at;
    const problem = splitProblem(near.wall, at);
    if (problem) {
      this.#tools.events.emit('notice', { message: problem });
      return;
    }
    const newWallId = `wall-${Date.now().toString(36)}-${++this.#idSeq}`;
    this.#history.execute(new SplitWallCommand(level.id, near.wall.id, Math.round(at * 1e4) / 1e4, newWallId));
    this.#history.seal();
    this.#tools.events.emit('wallSplit', { levelId: level.id, wallId: near.wall.id, newWallId });
  }

  #floorHit(clientX: number, clientY: number, elevation: number): Vec3 | null {
    const rect = this.#engine.renderer.domElement.getBoundingClientRect();
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1), this.#engine.camera);
    const hit = ray.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -elevation), new Vector3());
    return hit ? [hit.x, hit.y, hit.z] : null;
  }

  // ---------- wall drawing ----------

  /** The floor point under the pointer on the drawing level, snapped to the grid and to wall ends. */
  #floorPoint(e: PointerEvent): { p: Vec2; levelId: string; elevation: number } | null {
    const doc = this.#history.document;
    const levels = spaceOf(doc).levels;
    const index = Math.max(0, levels.findIndex((l) => l.id === this.#tools.wallLevelId));
    const level = levels[index];
    const elevation = level?.elevation ?? index * LEVEL_HEIGHT_M;
    const rect = this.#engine.renderer.domElement.getBoundingClientRect();
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1), this.#engine.camera);
    const hit = ray.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -elevation), new Vector3());
    if (!hit) return null;
    const levelId = level?.id ?? 'level-1';
    const step = this.#tools.wallGridStep;
    const p = snapToWallEnds(doc, levelId, snapPointToGrid([hit.x, hit.z], step), step * 0.6);
    return { p, levelId, elevation };
  }

  click(e: PointerEvent): void {
    if (this.#tools.tool !== 'drawWall') return;
    e.stopImmediatePropagation();
    if (e.button === 2) {
      this.end();
      return;
    }
    if (e.button !== 0) return;
    const at = this.#floorPoint(e);
    if (!at) return;
    const start = this.#wallStart;
    if (!start) {
      this.#wallStart = at.p;
      return;
    }
    if (Math.hypot(at.p[0] - start[0], at.p[1] - start[1]) < 0.05) return;
    let levelId = at.levelId;
    if (spaceOf(this.#history.document).levels.length === 0) {
      levelId = `level-${Date.now().toString(36)}`;
      this.#history.execute(new AddLevelCommand(levelId));
    }
    this.#history.execute(
      new AddWallCommand(levelId, {
        id: `wall-${Date.now().toString(36)}-${++this.#idSeq}`,
        start,
        end: at.p,
        thickness: 0.2,
        height: WALL_HEIGHT_M,
        openings: [],
      }),
    );
    this.#history.seal();
    this.#wallStart = at.p; // chain: the next click continues from here
  }

  move(e: PointerEvent): void {
    if (this.#tools.tool !== 'drawWall' || !this.#wallStart) return;
    const at = this.#floorPoint(e);
    if (!at) return;
    const y = at.elevation + 0.02;
    this.#wallPreview.geometry.setFromPoints([new Vector3(this.#wallStart[0], y, this.#wallStart[1]), new Vector3(at.p[0], y, at.p[1])]);
    this.#wallPreview.visible = true;
    this.#engine.invalidate();
  }

  dispose(): void {
    this.#wallPreview.removeFromParent();
    this.#wallPreview.geometry.dispose();
  }
}

import { Plane, Raycaster, Vector2, Vector3 } from 'three';
import { LEVEL_HEIGHT_M, PLACED_ITEM_KINDS, WALL_HEIGHT_M, type PlacedItem, type SceneDocument, type Vec3 } from '@atrium/shared';
import { spaceOf } from './commands/structure.ts';
import { estimatedBounds, footprintOf, freeSpotOnFloor, freeSpotOnWall, type Footprint, type Occupied } from './placement.ts';
import { WALL_ITEM_KINDS } from './surfaceDragTool.ts';
import { indoorFace, snapToWall, wallSnaps } from './snapping.ts';
import type { EditorHost } from './tools.ts';

// Pictures and text hang on walls; a new one snaps flat against one.
const WALL_SNAPPED = WALL_ITEM_KINDS;
/** How far from a pointed floor point a wall item looks first for a wall to hang on. */
const WALL_REACH_FROM_FLOOR_M = 6;
/** The centre height of a picture hung from a floor point or an overview. */
const EYE_HEIGHT_M = 1.6;

/**
 * Where a new item goes when dropped (or added) at a screen point (`EditorTools.placementAt`, which
 * passes the edited level's index): on the surface under it. Pictures,
 * texts, videos and web views hang flat on the wall pointed at (or the wall nearest a floor point),
 * at the pointed height (eye height from a floor point or from above the walls), on the room's side
 * of a wall with a room behind only one face; floor items stand on the floor or the top pointed at, in front of a wall
 * when one is pointed at. Either way the item then moves to the nearest spot that overlaps no
 * item already there (`freeSpotOnWall`, `freeSpotOnFloor`). Pointing at the sky uses the floor
 * plane of the edited level, or 3 m ahead.
 */
export function placementAt(
  engine: EditorHost, doc: SceneDocument, levelIndex: number, clientX: number, clientY: number, kind: string, size: Footprint = footprintOf(kind, {}),
): { position: Vec3; rotation: Vec3 } {
  const levels = spaceOf(doc).levels;
  const floorY = levels[levelIndex]?.elevation ?? levelIndex * LEVEL_HEIGHT_M;
  const hit = engine.pickAt(clientX, clientY);
  const ray = rayAt(engine, clientX, clientY);
  const dir = ray.ray.direction;
  const yaw = Math.atan2(-dir.x, -dir.z) + Math.PI;
  let point: Vec3;
  if (hit) point = hit.point;
  else {
    const floor = ray.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -floorY), new Vector3());
    const cam = engine.camera.position;
    const ahead = cam.clone().add(dir.clone().setY(0).normalize().multiplyScalar(3));
    point = floor && floor.distanceTo(cam) < 40 ? [floor.x, floorY, floor.z] : [ahead.x, floorY, ahead.z];
  }
  // A face looking up is a floor or a top; anything else hit (a wall, a picture on it) is a wall.
  const upward = hit ? (hit.normal ? hit.normal[1] > 0.5 : hit.point[1] <= floorY + 0.05) : true;
  const occupied = occupiedBoxes(engine, doc);
  if (WALL_SNAPPED.has(kind)) {
    // The wall pointed at; for a floor point the nearest wall (a picture never floats mid-room),
    // however far when none is near (the ground outside). When that face is full, the next
    // nearest face with room on the edited level. An outer face goes to the wall's inner face when a room is behind it
    // (`indoorFace`): from an overview the near walls show their outsides. Looking down from above
    // the walls, where a point on a wall is high up only because the view is, the item hangs at eye height.
    const overview = engine.camera.position.y > floorY + tallestWall(doc, levelIndex);
    const at: Vec3 = [point[0], upward || overview ? floorY + EYE_HEIGHT_M : point[1], point[2]];
    const levelId = levels[levelIndex]?.id;
    // One pass over every wall: the faces within reach first, then the edited level's farther ones.
    const reach = upward ? WALL_REACH_FROM_FLOOR_M : 0.6;
    const all = wallSnaps(doc, at, Infinity);
    const faces = [...all.filter((f) => f.distance <= reach), ...all.filter((f) => f.distance > reach && f.levelId === levelId)].map((f) => indoorFace(doc, f));
    for (const face of faces) {
      const free = freeSpotOnWall(doc, face, size, occupied);
      if (free) return { position: free.position, rotation: free.rotation };
    }
    if (faces[0]) return { position: faces[0].position, rotation: faces[0].rotation };
    return { position: at, rotation: [0, yaw, 0] };
  }
  let base: Vec3 = upward ? point : [point[0], floorY, point[2]];
  if (!upward) {
    // Pointed at a wall: stand in front of it, on the floor.
    const snap = snapToWall(doc, [point[0], floorY + 0.5, point[2]], 0.6);
    if (snap) {
      const n = [Math.sin(snap.rotation[1]), Math.cos(snap.rotation[1])];
      base = [snap.position[0] + n[0]! * (size.width / 2 + 0.1), floorY, snap.position[2] + n[1]! * (size.width / 2 + 0.1)];
    }
  }
  return { position: freeSpotOnFloor(base, size, occupied), rotation: [0, yaw, 0] };
}

/** The height of the edited level's tallest wall (the standard height when it has none). */
function tallestWall(doc: SceneDocument, levelIndex: number): number {
  const walls = spaceOf(doc).levels[levelIndex]?.walls ?? [];
  return walls.length ? Math.max(...walls.map((w) => w.height)) : WALL_HEIGHT_M;
}

/**
 * The world boxes of every placed item (the space new items must not overlap): as drawn, or, for an
 * item the engine has not built yet (a template still loading, an edit not yet flushed), from its
 * document size and placement.
 */
export function occupiedBoxes(engine: EditorHost, doc: SceneDocument): Occupied[] {
  const out: Occupied[] = [];
  for (const kind of PLACED_ITEM_KINDS) {
    for (const item of doc[kind] as readonly PlacedItem[]) {
      const box = engine.itemBoundsOf(item.id) ?? estimatedBounds(item, footprintOf(kind, item as unknown as Record<string, unknown>), WALL_SNAPPED.has(kind));
      out.push({ id: item.id, ...box });
    }
  }
  return out;
}

function rayAt(engine: EditorHost, clientX: number, clientY: number): Raycaster {
  const rect = engine.renderer.domElement.getBoundingClientRect();
  const ray = new Raycaster();
  ray.setFromCamera(new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1), engine.camera);
  return ray;
}

import type { Level, MaterialOverride, Opening, SceneDocument, Vec2, Wall } from '@atrium/shared';
import { CommandTargetError, type Command } from '../command.ts';
import { spaceOf } from './structure.ts';

/** Splits closer than this to an end, or joins of ends further apart than this, are refused (metres). */
export const WALL_EDIT_TOLERANCE_M = 0.05;
// Two walls are collinear when the sine of the angle between them is below this (about 0.06°).
const COLLINEAR_SINE = 1e-3;
const round = (v: number) => Math.round(v * 1e4) / 1e4;

const lengthOf = (w: Wall) => Math.hypot(w.end[0] - w.start[0], w.end[1] - w.start[1]);
const pointAlong = (w: Wall, at: number): Vec2 => {
  const l = lengthOf(w);
  return [round(w.start[0] + ((w.end[0] - w.start[0]) * at) / l), round(w.start[1] + ((w.end[1] - w.start[1]) * at) / l)];
};
const near = (a: Vec2, b: Vec2) => Math.hypot(a[0] - b[0], a[1] - b[1]) <= WALL_EDIT_TOLERANCE_M;

/** Why a wall cannot be split at `at` metres from its start, or null when it can. */
export function splitProblem(wall: Wall, at: number): string | null {
  if (!(at > WALL_EDIT_TOLERANCE_M && at < lengthOf(wall) - WALL_EDIT_TOLERANCE_M)) return 'The split point must lie inside the wall';
  if (wall.openings.some((o) => at > o.offset - o.width / 2 && at < o.offset + o.width / 2)) return 'A wall cannot be split through a door or window';
  return null;
}

/**
 * How two walls meet end to end in a straight line: the shared point and the far ends, or null when
 * they do not (not touching, bent, overlapping, or of different thickness or height).
 */
export function joinGeometry(a: Wall, b: Wall): { start: Vec2; end: Vec2; aForward: boolean } | null {
  if (a.id === b.id || Math.abs(a.thickness - b.thickness) > 1e-6 || Math.abs(a.height - b.height) > 1e-6) return null;
  const la = lengthOf(a);
  const lb = lengthOf(b);
  const sine = Math.abs((a.end[0] - a.start[0]) * (b.end[1] - b.start[1]) - (a.end[1] - a.start[1]) * (b.end[0] - b.start[0])) / (la * lb);
  if (sine > COLLINEAR_SINE) return null;
  for (const [shared, aFar, aForward] of [[a.end, a.start, true], [a.start, a.end, false]] as const) {
    for (const [bShared, bFar] of [[b.start, b.end], [b.end, b.start]] as const) {
      if (!near(shared, bShared)) continue;
      // The far ends lie on opposite sides of the joint, or the walls overlap.
      if ((aFar[0] - shared[0]) * (bFar[0] - shared[0]) + (aFar[1] - shared[1]) * (bFar[1] - shared[1]) >= 0) return null;
      // The joined wall keeps a's direction so a's openings keep their offsets where possible.
      return aForward ? { start: [...a.start], end: [...bFar], aForward } : { start: [...bFar], end: [...a.end], aForward };
    }
  }
  return null;
}

/**
 * A wall on the level that `wallId` can be joined with, or null. Its neighbours in drawing order
 * come first (a chain drawn, or a wall just split), then any other.
 */
export function joinableWall(level: Level, wallId: string): Wall | null {
  const i = level.walls.findIndex((w) => w.id === wallId);
  if (i < 0) return null;
  const wall = level.walls[i]!;
  const order = [level.walls[i + 1], level.walls[i - 1], ...level.walls];
  return order.find((w): w is Wall => w !== undefined && joinGeometry(wall, w) !== null) ?? null;
}

/** The wall nearest a plan point on a level (within `maxDistance`), with the distance along it from its start. */
export function wallNear(level: Level, p: Vec2, maxDistance: number): { wall: Wall; at: number } | null {
  let best: { wall: Wall; at: number } | null = null;
  let bestD = maxDistance;
  for (const w of level.walls) {
    const l = lengthOf(w);
    if (l === 0) continue;
    const ux = (w.end[0] - w.start[0]) / l;
    const uz = (w.end[1] - w.start[1]) / l;
    const at = Math.max(0, Math.min(l, (p[0] - w.start[0]) * ux + (p[1] - w.start[1]) * uz));
    const d = Math.hypot(p[0] - (w.start[0] + ux * at), p[1] - (w.start[1] + uz * at));
    if (d <= bestD) {
      bestD = d;
      best = { wall: w, at };
    }
  }
  return best;
}

function levelOf(doc: SceneDocument, levelId: string): Level {
  const level = spaceOf(doc).levels.find((l) => l.id === levelId);
  if (!level) throw new CommandTargetError(`level ${levelId}`);
  return level;
}

function wallOf(level: Level, wallId: string): { wall: Wall; index: number } {
  const index = level.walls.findIndex((w) => w.id === wallId);
  if (index < 0) throw new CommandTargetError(`wall ${wallId}`);
  return { wall: level.walls[index]!, index };
}

function withLevel(doc: SceneDocument, level: Level, overrides?: MaterialOverride[]): SceneDocument {
  const space = spaceOf(doc);
  return {
    ...doc,
    customSpace: { ...space, levels: space.levels.map((l) => (l.id === level.id ? level : l)), materialOverrides: overrides ?? space.materialOverrides },
  };
}

/**
 * Splits a wall in two at a point along it. The first part keeps the wall's id (so selections and
 * its own material stay put); the second gets `newWallId`, a copy of any material set on the wall
 * alone, and the openings beyond the point with their offsets measured from the new start.
 */
export class SplitWallCommand implements Command {
  readonly type = 'wall.split';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly wallId: string;
  readonly at: number;
  readonly newWallId: string;
  #before: { wall: Wall; overrides: readonly MaterialOverride[] } | null = null;
  constructor(levelId: string, wallId: string, at: number, newWallId: string) {
    this.levelId = levelId;
    this.wallId = wallId;
    this.at = at;
    this.newWallId = newWallId;
  }
  execute(doc: SceneDocument): SceneDocument {
    const level = levelOf(doc, this.levelId);
    const { wall, index } = wallOf(level, this.wallId);
    const problem = splitProblem(wall, this.at);
    if (problem) throw new Error(problem);
    if (level.walls.some((w) => w.id === this.newWallId)) throw new Error(`A wall with id ${this.newWallId} already exists`);
    const overrides = spaceOf(doc).materialOverrides;
    this.#before = { wall, overrides };
    const p = pointAlong(wall, this.at);
    const first: Wall = { ...wall, end: p, openings: wall.openings.filter((o) => o.offset < this.at) };
    const second: Wall = {
      ...wall,
      id: this.newWallId,
      start: p,
      openings: wall.openings.filter((o) => o.offset > this.at).map((o) => ({ ...o, offset: round(o.offset - this.at) })),
    };
    const walls = level.walls.slice();
    walls.splice(index, 1, first, second);
    const own = overrides.filter((o) => o.targetId === wall.id);
    return withLevel(doc, { ...level, walls }, own.length ? [...overrides, ...own.map((o) => ({ ...o, targetId: this.newWallId }))] : undefined);
  }
  undo(doc: SceneDocument): SceneDocument {
    const before = this.#before;
    if (!before) throw new Error('wall.split undone before it ran');
    const level = levelOf(doc, this.levelId);
    const walls = level.walls.filter((w) => w.id !== this.newWallId).map((w) => (w.id === this.wallId ? before.wall : w));
    const overrides = spaceOf(doc).materialOverrides.filter((o) => o.targetId !== this.newWallId);
    return withLevel(doc, { ...level, walls }, overrides);
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, wallId: this.wallId, at: this.at, newWallId: this.newWallId, state: this.#before };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<SplitWallCommand['toJSON']>): SplitWallCommand {
    const command = new SplitWallCommand(json.levelId, json.wallId, json.at, json.newWallId);
    command.#before = json.state;
    return command;
  }
}

/**
 * Joins two collinear walls that share an end into one. The result keeps the first wall's id, look
 * and direction; the second wall's openings move onto it at the same places in the world.
 */
export class JoinWallsCommand implements Command {
  readonly type = 'wall.join';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly wallId: string;
  readonly otherId: string;
  #before: { wall: Wall; other: Wall; otherIndex: number; overrides: readonly MaterialOverride[] } | null = null;
  constructor(levelId: string, wallId: string, otherId: string) {
    this.levelId = levelId;
    this.wallId = wallId;
    this.otherId = otherId;
  }
  execute(doc: SceneDocument): SceneDocument {
    const level = levelOf(doc, this.levelId);
    const { wall } = wallOf(level, this.wallId);
    const { wall: other, index: otherIndex } = wallOf(level, this.otherId);
    const joint = joinGeometry(wall, other);
    if (!joint) throw new Error('Only straight walls of the same thickness and height that meet end to end can be joined');
    const overrides = spaceOf(doc).materialOverrides;
    this.#before = { wall, other, otherIndex, overrides };
    const length = Math.hypot(joint.end[0] - joint.start[0], joint.end[1] - joint.start[1]);
    const ux = (joint.end[0] - joint.start[0]) / length;
    const uz = (joint.end[1] - joint.start[1]) / length;
    // An opening's new offset: where its centre is in the world, measured along the joined wall.
    const moved = (w: Wall, o: Opening): Opening => {
      const [cx, cz] = pointAlong(w, o.offset);
      return { ...o, offset: round(Math.max(0, (cx - joint.start[0]) * ux + (cz - joint.start[1]) * uz)) };
    };
    const joined: Wall = {
      ...wall,
      start: joint.start,
      end: joint.end,
      openings: [...wall.openings.map((o) => (joint.aForward ? o : moved(wall, o))), ...other.openings.map((o) => moved(other, o))],
    };
    const walls = level.walls.filter((w) => w.id !== this.otherId).map((w) => (w.id === this.wallId ? joined : w));
    const kept = overrides.filter((o) => o.targetId !== this.otherId);
    return withLevel(doc, { ...level, walls }, kept.length !== overrides.length ? kept : undefined);
  }
  undo(doc: SceneDocument): SceneDocument {
    const before = this.#before;
    if (!before) throw new Error('wall.join undone before it ran');
    const level = levelOf(doc, this.levelId);
    const walls = level.walls.map((w) => (w.id === this.wallId ? before.wall : w));
    walls.splice(before.otherIndex, 0, before.other);
    const removed = before.overrides.filter((o) => o.targetId === this.otherId);
    return withLevel(doc, { ...level, walls }, removed.length ? [...before.overrides] : undefined);
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, wallId: this.wallId, otherId: this.otherId, state: this.#before };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<JoinWallsCommand['toJSON']>): JoinWallsCommand {
    const command = new JoinWallsCommand(json.levelId, json.wallId, json.otherId);
    command.#before = json.state;
    return command;
  }
}

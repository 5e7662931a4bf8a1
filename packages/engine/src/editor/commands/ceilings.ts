import { getProp } from '@atrium/assets';
import { WALL_HEIGHT_M, type Ceiling, type Level, type Prop, type SceneDocument, type Vec2 } from '@atrium/shared';
import { insidePolygon } from '../../builder/ceilings.ts';
import { BatchCommand, CommandTargetError, type Command } from '../command.ts';
import { AddItemsCommand, RemoveItemsCommand, TransformItemsCommand, transformOf } from './items.ts';
import { spaceOf } from './structure.ts';

export type CeilingPatch = Partial<Pick<Ceiling, 'height' | 'materialId' | 'tint'>>;

/** The lamp the editor's "Lamps" switch hangs: a recessed downlight, 3 cm deep (flush with the ceiling). */
export const CEILING_LAMP_PROP_ID = 'ceiling-downlight';
/** Lamps are spaced about this far apart (m), and kept this far in from the ceiling's edge. */
const LAMP_SPACING_M = 3;
const LAMP_INSET_M = 1;
/** A lamp belongs to a ceiling when its top is within this of the ceiling plane (m). */
const LAMP_TOUCH_M = 0.15;

function mapCeilings(doc: SceneDocument, levelId: string, fn: (ceilings: Ceiling[]) => Ceiling[]): SceneDocument {
  const space = spaceOf(doc);
  const i = space.levels.findIndex((l) => l.id === levelId);
  if (i < 0) throw new CommandTargetError(`level ${levelId}`);
  const levels = space.levels.slice();
  const level = levels[i]!;
  const next = fn(level.ceilings ?? []);
  // No ceilings is no list at all (as in drafts from before ceilings), so add + undo is exact.
  const { ceilings: _drop, ...rest } = level;
  levels[i] = next.length === 0 ? rest : { ...level, ceilings: next };
  return { ...doc, customSpace: { ...space, levels } };
}

function findCeiling(doc: SceneDocument, levelId: string, ceilingId: string): { level: Level; ceiling: Ceiling; index: number } {
  const level = spaceOf(doc).levels.find((l) => l.id === levelId);
  if (!level) throw new CommandTargetError(`level ${levelId}`);
  const index = (level.ceilings ?? []).findIndex((c) => c.id === ceilingId);
  if (index < 0) throw new CommandTargetError(`ceiling ${ceilingId}`);
  return { level, ceiling: level.ceilings![index]!, index };
}

/** Closes a room at the top: a ceiling seen from below. */
export class AddCeilingCommand implements Command {
  readonly type = 'ceiling.add';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly ceiling: Ceiling;
  constructor(levelId: string, ceiling: Ceiling) {
    this.levelId = levelId;
    this.ceiling = ceiling;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapCeilings(doc, this.levelId, (cs) => {
      if (cs.some((c) => c.id === this.ceiling.id)) throw new Error(`A ceiling with id ${this.ceiling.id} already exists`);
      return [...cs, this.ceiling];
    });
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapCeilings(doc, this.levelId, (cs) => cs.filter((c) => c.id !== this.ceiling.id));
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, ceiling: this.ceiling };
  }
}

/** Removes a ceiling (the room opens to the sky again); undo puts it back in place. */
export class RemoveCeilingCommand implements Command {
  readonly type = 'ceiling.remove';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly ceilingId: string;
  #removed: { ceiling: Ceiling; index: number } | null = null;
  constructor(levelId: string, ceilingId: string) {
    this.levelId = levelId;
    this.ceilingId = ceilingId;
  }
  execute(doc: SceneDocument): SceneDocument {
    const { ceiling, index } = findCeiling(doc, this.levelId, this.ceilingId);
    this.#removed = { ceiling, index };
    return mapCeilings(doc, this.levelId, (cs) => cs.filter((c) => c.id !== this.ceilingId));
  }
  undo(doc: SceneDocument): SceneDocument {
    const removed = this.#removed!;
    return mapCeilings(doc, this.levelId, (cs) => {
      const next = cs.slice();
      next.splice(removed.index, 0, removed.ceiling);
      return next;
    });
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, ceilingId: this.ceilingId, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed. */
  static fromJSON(json: ReturnType<RemoveCeilingCommand['toJSON']>): RemoveCeilingCommand {
    const command = new RemoveCeilingCommand(json.levelId, json.ceilingId);
    command.#removed = json.state;
    return command;
  }
}

/**
 * Height, material or tint of one ceiling. Consecutive edits of the same ceiling and fields merge,
 * so stepping the height up a few times is one undo step.
 */
export class UpdateCeilingCommand implements Command {
  readonly type = 'ceiling.update';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly ceilingId: string;
  readonly patch: CeilingPatch;
  #before: CeilingPatch | null;
  constructor(levelId: string, ceilingId: string, patch: CeilingPatch, before: CeilingPatch | null = null) {
    this.levelId = levelId;
    this.ceilingId = ceilingId;
    this.patch = patch;
    this.#before = before;
  }
  execute(doc: SceneDocument): SceneDocument {
    const { ceiling } = findCeiling(doc, this.levelId, this.ceilingId);
    this.#before ??= Object.fromEntries(Object.keys(this.patch).map((k) => [k, ceiling[k as keyof CeilingPatch]]));
    return mapCeilings(doc, this.levelId, (cs) => cs.map((c) => (c.id === this.ceilingId ? { ...c, ...this.patch } : c)));
  }
  undo(doc: SceneDocument): SceneDocument {
    const before = this.#before ?? {};
    return mapCeilings(doc, this.levelId, (cs) =>
      cs.map((c) => {
        if (c.id !== this.ceilingId) return c;
        const next: Record<string, unknown> = { ...c };
        for (const [k, v] of Object.entries(before)) {
          if (v === undefined) delete next[k];
          else next[k] = v;
        }
        return next as Ceiling;
      }),
    );
  }
  merge(next: Command): Command | null {
    if (!(next instanceof UpdateCeilingCommand) || next.ceilingId !== this.ceilingId || next.levelId !== this.levelId) return null;
    if (Object.keys(next.patch).sort().join() !== Object.keys(this.patch).sort().join()) return null;
    return new UpdateCeilingCommand(this.levelId, this.ceilingId, next.patch, this.#before);
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, ceilingId: this.ceilingId, patch: this.patch, before: this.#before };
  }
}

/** A room the editor can put a ceiling over: a floor of the level, or the walls' outline when it has no floor. */
export interface CeilingRoom { id: string; polygon: Vec2[] }

/** The rooms of a level a ceiling can close. */
export function ceilingRooms(level: Level): CeilingRoom[] {
  if (level.floors.length > 0) return level.floors.map((f) => ({ id: f.id, polygon: f.polygon }));
  if (level.walls.length === 0) return [];
  const xs = level.walls.flatMap((w) => [w.start[0], w.end[0]]);
  const zs = level.walls.flatMap((w) => [w.start[1], w.end[1]]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  if (x1 - x0 < 0.5 || z1 - z0 < 0.5) return [];
  return [{ id: 'walls', polygon: [[x0, z0], [x1, z0], [x1, z1], [x0, z1]] }];
}

/** A new ceiling over `room`, at the top of the level's walls (the standard wall height without walls). */
export function ceilingOver(level: Level, room: CeilingRoom, id: string): Ceiling {
  const height = level.walls.reduce((h, w) => Math.max(h, w.height), 0) || WALL_HEIGHT_M;
  return { id, polygon: room.polygon.map(([x, z]) => [x, z] as Vec2), height };
}

const hangsFromCeiling = (p: Prop) => getProp(p.propId)?.tags.includes('ceiling') ?? false;

/** The lamps hanging from a ceiling: ceiling props over its polygon whose top meets its plane. */
export function lampsUnder(doc: SceneDocument, levelId: string, ceilingId: string): Prop[] {
  const { level, ceiling } = findCeiling(doc, levelId, ceilingId);
  const plane = (level.elevation ?? 0) + ceiling.height;
  return doc.props.filter((p) => {
    if (!hangsFromCeiling(p) || !insidePolygon(p.position[0], p.position[2], ceiling.polygon)) return false;
    const top = p.position[1] + (getProp(p.propId)?.defaultSize[1] ?? 0) * p.scale[1];
    return Math.abs(top - plane) <= LAMP_TOUCH_M;
  });
}

/** Evenly spaced stations across [lo, hi], kept `inset` in from both ends. */
function stations(lo: number, hi: number): number[] {
  const span = Math.max(0, hi - lo - 2 * LAMP_INSET_M);
  const count = Math.max(1, Math.round(span / LAMP_SPACING_M));
  const step = span / count;
  return Array.from({ length: count }, (_, i) => (lo + hi) / 2 - span / 2 + step * (i + 0.5));
}

/** Where the "Lamps" switch hangs downlights under a ceiling: a grid over its bounds, kept inside it. */
export function lampSpots(level: Level, ceiling: Ceiling): [number, number, number][] {
  const xs = ceiling.polygon.map((p) => p[0]), zs = ceiling.polygon.map((p) => p[1]);
  const y = (level.elevation ?? 0) + ceiling.height - (getProp(CEILING_LAMP_PROP_ID)?.defaultSize[1] ?? 0);
  const spots: [number, number, number][] = [];
  for (const x of stations(Math.min(...xs), Math.max(...xs))) {
    for (const z of stations(Math.min(...zs), Math.max(...zs))) if (insidePolygon(x, z, ceiling.polygon)) spots.push([x, y, z]);
  }
  return spots;
}

/**
 * Lamps on: downlights in a grid under the ceiling (none added when it already has lamps). Lamps
 * off: every lamp hanging from it goes. Null when there is nothing to change.
 */
export function setCeilingLamps(doc: SceneDocument, levelId: string, ceilingId: string, on: boolean, newId: () => string): Command | null {
  const lamps = lampsUnder(doc, levelId, ceilingId);
  if (!on) return lamps.length > 0 ? new RemoveItemsCommand(lamps.map((l) => l.id)) : null;
  if (lamps.length > 0) return null;
  const { level, ceiling } = findCeiling(doc, levelId, ceilingId);
  const spots = lampSpots(level, ceiling);
  if (spots.length === 0) return null;
  return new AddItemsCommand(spots.map((position) => ({
    kind: 'props' as const,
    item: {
      id: newId(), propId: CEILING_LAMP_PROP_ID, position, rotation: [0, 0, 0], scale: [1, 1, 1],
      collisions: 'None' as const, title: '', description: '',
    },
  })));
}

/** A new height for a ceiling; its lamps move with it, in the same undo step. */
export function setCeilingHeight(doc: SceneDocument, levelId: string, ceilingId: string, height: number): Command {
  const { ceiling } = findCeiling(doc, levelId, ceilingId);
  const update = new UpdateCeilingCommand(levelId, ceilingId, { height });
  const dy = height - ceiling.height;
  const lamps = lampsUnder(doc, levelId, ceilingId);
  if (lamps.length === 0 || dy === 0) return update;
  const changes = lamps.map((l) => {
    const from = transformOf(l);
    return { id: l.id, from, to: { ...from, position: [from.position[0], from.position[1] + dy, from.position[2]] as typeof from.position } };
  });
  return new BatchCommand([update, new TransformItemsCommand(changes)]);
}

/** Removes a ceiling and the lamps hanging from it, as one step. */
export function removeCeiling(doc: SceneDocument, levelId: string, ceilingId: string): Command {
  const lamps = lampsUnder(doc, levelId, ceilingId);
  const remove = new RemoveCeilingCommand(levelId, ceilingId);
  return lamps.length > 0 ? new BatchCommand([new RemoveItemsCommand(lamps.map((l) => l.id)), remove]) : remove;
}

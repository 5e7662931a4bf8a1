import {
  LEVEL_HEIGHT_M,
  type CustomSpace,
  type Floor,
  type Level,
  type Opening,
  type SceneDocument,
  type Stairs,
  type Vec2,
  type Wall,
} from '@atrium/shared';
import { CommandTargetError, type Command } from '../command.ts';

const emptySpace = (): CustomSpace => ({ levels: [], materialOverrides: [], skyUri: null, terrainUri: null });
export const spaceOf = (doc: SceneDocument): CustomSpace => doc.customSpace ?? emptySpace();
const withSpace = (doc: SceneDocument, space: CustomSpace): SceneDocument => ({ ...doc, customSpace: space });

function mapLevel(doc: SceneDocument, levelId: string, fn: (l: Level) => Level): SceneDocument {
  const space = spaceOf(doc);
  const i = space.levels.findIndex((l) => l.id === levelId);
  if (i < 0) throw new CommandTargetError(`level ${levelId}`);
  const levels = space.levels.slice();
  levels[i] = fn(levels[i]!);
  return withSpace(doc, { ...space, levels });
}

function mapWall(doc: SceneDocument, levelId: string, wallId: string, fn: (w: Wall) => Wall): SceneDocument {
  return mapLevel(doc, levelId, (l) => {
    const i = l.walls.findIndex((w) => w.id === wallId);
    if (i < 0) throw new CommandTargetError(`wall ${wallId}`);
    const walls = l.walls.slice();
    walls[i] = fn(walls[i]!);
    return { ...l, walls };
  });
}

/** Adds a storey on top (4 m per level, spec §2). */
export class AddLevelCommand implements Command {
  readonly type = 'level.add';
  readonly scopes = ['structure'] as const;
  readonly level: Level;
  constructor(id: string, name?: string) {
    this.level = { id, ...(name ? { name } : {}), elevation: 0, walls: [], floors: [], stairs: [] };
  }
  execute(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    const level = { ...this.level, elevation: space.levels.length * LEVEL_HEIGHT_M };
    return withSpace(doc, { ...space, levels: [...space.levels, level] });
  }
  undo(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    return withSpace(doc, { ...space, levels: space.levels.filter((l) => l.id !== this.level.id) });
  }
  toJSON() {
    return { type: this.type, level: this.level };
  }
}

/** Removes a level with all its work (the UI confirms first, spec §4); undo restores it in place. */
export class RemoveLevelCommand implements Command {
  readonly type = 'level.remove';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  #removed: { level: Level; index: number } | null = null;
  constructor(levelId: string) {
    this.levelId = levelId;
  }
  execute(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    const index = space.levels.findIndex((l) => l.id === this.levelId);
    if (index < 0) throw new CommandTargetError(`level ${this.levelId}`);
    this.#removed = { level: space.levels[index]!, index };
    return withSpace(doc, { ...space, levels: space.levels.filter((l) => l.id !== this.levelId) });
  }
  undo(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    const levels = space.levels.slice();
    levels.splice(this.#removed!.index, 0, this.#removed!.level);
    return withSpace(doc, { ...space, levels });
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<RemoveLevelCommand['toJSON']>): RemoveLevelCommand {
    const command = new RemoveLevelCommand(json.levelId);
    command.#removed = json.state;
    return command;
  }
}

export class AddWallCommand implements Command {
  readonly type = 'wall.add';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly wall: Wall;
  constructor(levelId: string, wall: Wall) {
    this.levelId = levelId;
    this.wall = wall;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => ({ ...l, walls: [...l.walls, this.wall] }));
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => ({ ...l, walls: l.walls.filter((w) => w.id !== this.wall.id) }));
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, wall: this.wall };
  }
}

/** Moves a wall's ends; commands of one drag gesture merge into one step. */
export class MoveWallCommand implements Command {
  readonly type = 'wall.move';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly wallId: string;
  readonly from: { start: Vec2; end: Vec2 };
  readonly to: { start: Vec2; end: Vec2 };
  readonly gesture: string | null;
  constructor(levelId: string, wallId: string, from: { start: Vec2; end: Vec2 }, to: { start: Vec2; end: Vec2 }, gesture: string | null = null) {
    this.levelId = levelId;
    this.wallId = wallId;
    this.from = from;
    this.to = to;
    this.gesture = gesture;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapWall(doc, this.levelId, this.wallId, (w) => ({ ...w, start: this.to.start, end: this.to.end }));
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapWall(doc, this.levelId, this.wallId, (w) => ({ ...w, start: this.from.start, end: this.from.end }));
  }
  merge(next: Command): Command | null {
    if (!(next instanceof MoveWallCommand) || this.gesture === null || next.gesture !== this.gesture) return null;
    if (next.wallId !== this.wallId || next.levelId !== this.levelId) return null;
    return new MoveWallCommand(this.levelId, this.wallId, this.from, next.to, this.gesture);
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, wallId: this.wallId, from: this.from, to: this.to, gesture: this.gesture };
  }
}

export class RemoveWallCommand implements Command {
  readonly type = 'wall.remove';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly wallId: string;
  #removed: { wall: Wall; index: number } | null = null;
  constructor(levelId: string, wallId: string) {
    this.levelId = levelId;
    this.wallId = wallId;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => {
      const index = l.walls.findIndex((w) => w.id === this.wallId);
      if (index < 0) throw new CommandTargetError(`wall ${this.wallId}`);
      this.#removed = { wall: l.walls[index]!, index };
      return { ...l, walls: l.walls.filter((w) => w.id !== this.wallId) };
    });
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => {
      const walls = l.walls.slice();
      walls.splice(this.#removed!.index, 0, this.#removed!.wall);
      return { ...l, walls };
    });
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, wallId: this.wallId, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<RemoveWallCommand['toJSON']>): RemoveWallCommand {
    const command = new RemoveWallCommand(json.levelId, json.wallId);
    command.#removed = json.state;
    return command;
  }
}

/** Places a door or a window in a wall. */
export class AddOpeningCommand implements Command {
  readonly type = 'opening.add';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly wallId: string;
  readonly opening: Opening;
  constructor(levelId: string, wallId: string, opening: Opening) {
    this.levelId = levelId;
    this.wallId = wallId;
    this.opening = opening;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapWall(doc, this.levelId, this.wallId, (w) => ({ ...w, openings: [...w.openings, this.opening] }));
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapWall(doc, this.levelId, this.wallId, (w) => ({ ...w, openings: w.openings.filter((o) => o.id !== this.opening.id) }));
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, wallId: this.wallId, opening: this.opening };
  }
}

export class RemoveOpeningCommand implements Command {
  readonly type = 'opening.remove';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly wallId: string;
  readonly openingId: string;
  #removed: { opening: Opening; index: number } | null = null;
  constructor(levelId: string, wallId: string, openingId: string) {
    this.levelId = levelId;
    this.wallId = wallId;
    this.openingId = openingId;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapWall(doc, this.levelId, this.wallId, (w) => {
      const index = w.openings.findIndex((o) => o.id === this.openingId);
      if (index < 0) throw new CommandTargetError(`opening ${this.openingId}`);
      this.#removed = { opening: w.openings[index]!, index };
      return { ...w, openings: w.openings.filter((o) => o.id !== this.openingId) };
    });
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapWall(doc, this.levelId, this.wallId, (w) => {
      const openings = w.openings.slice();
      openings.splice(this.#removed!.index, 0, this.#removed!.opening);
      return { ...w, openings };
    });
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, wallId: this.wallId, openingId: this.openingId, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<RemoveOpeningCommand['toJSON']>): RemoveOpeningCommand {
    const command = new RemoveOpeningCommand(json.levelId, json.wallId, json.openingId);
    command.#removed = json.state;
    return command;
  }
}

export class AddStairsCommand implements Command {
  readonly type = 'stairs.add';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly stairs: Stairs;
  constructor(levelId: string, stairs: Stairs) {
    this.levelId = levelId;
    this.stairs = stairs;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => ({ ...l, stairs: [...l.stairs, this.stairs] }));
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => ({ ...l, stairs: l.stairs.filter((s) => s.id !== this.stairs.id) }));
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, stairs: this.stairs };
  }
}

export class RemoveStairsCommand implements Command {
  readonly type = 'stairs.remove';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly stairsId: string;
  #removed: { stairs: Stairs; index: number } | null = null;
  constructor(levelId: string, stairsId: string) {
    this.levelId = levelId;
    this.stairsId = stairsId;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => {
      const index = l.stairs.findIndex((s) => s.id === this.stairsId);
      if (index < 0) throw new CommandTargetError(`stairs ${this.stairsId}`);
      this.#removed = { stairs: l.stairs[index]!, index };
      return { ...l, stairs: l.stairs.filter((s) => s.id !== this.stairsId) };
    });
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => {
      const stairs = l.stairs.slice();
      stairs.splice(this.#removed!.index, 0, this.#removed!.stairs);
      return { ...l, stairs };
    });
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, stairsId: this.stairsId, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<RemoveStairsCommand['toJSON']>): RemoveStairsCommand {
    const command = new RemoveStairsCommand(json.levelId, json.stairsId);
    command.#removed = json.state;
    return command;
  }
}

export class AddFloorCommand implements Command {
  readonly type = 'floor.add';
  readonly scopes = ['structure'] as const;
  readonly levelId: string;
  readonly floor: Floor;
  constructor(levelId: string, floor: Floor) {
    this.levelId = levelId;
    this.floor = floor;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => ({ ...l, floors: [...l.floors, this.floor] }));
  }
  undo(doc: SceneDocument): SceneDocument {
    return mapLevel(doc, this.levelId, (l) => ({ ...l, floors: l.floors.filter((f) => f.id !== this.floor.id) }));
  }
  toJSON() {
    return { type: this.type, levelId: this.levelId, floor: this.floor };
  }
}

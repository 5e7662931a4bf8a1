import { BatchCommand, type Command } from './command.ts';
import { AddCeilingCommand, RemoveCeilingCommand, UpdateCeilingCommand } from './commands/ceilings.ts';
import { ReplaceDocumentCommand } from './commands/document.ts';
import { AddItemsCommand, RemoveItemsCommand, TransformItemsCommand, UpdateItemCommand } from './commands/items.ts';
import {
  AddFloorCommand, AddLevelCommand, AddOpeningCommand, AddStairsCommand, AddWallCommand, MoveWallCommand, RemoveLevelCommand,
  RemoveOpeningCommand, RemoveStairsCommand, RemoveWallCommand,
} from './commands/structure.ts';
import { ApplyThemeCommand, SetEnvironmentCommand, SetSurfaceLookCommand } from './commands/style.ts';
import {
  AddTourCommand, AddTourPointCommand, RemoveTourCommand, RemoveTourPointCommand, ReorderTourPointCommand, SetEntryPointCommand,
  UpdateTourCommand, UpdateTourPointCommand,
} from './commands/tours.ts';
import { JoinWallsCommand, SplitWallCommand } from './commands/wallEdits.ts';

// JSON drops `undefined`, but commands mean something by it ("this field was absent": undo deletes
// it). A marker object keeps it through a round trip.
const UNDEFINED = '$undefined';

/** A JSON-safe copy in which `undefined` values (in objects and arrays) survive as a marker. */
export function toPlain(value: unknown): unknown {
  if (value === undefined) return { [UNDEFINED]: true };
  if (Array.isArray(value)) return value.map(toPlain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  return value;
}

/** Reverses `toPlain`. */
export function fromPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value && typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    const keys = Object.keys(rec);
    if (keys.length === 1 && keys[0] === UNDEFINED && rec[UNDEFINED] === true) return undefined;
    return Object.fromEntries(keys.map((k) => [k, fromPlain(rec[k])]));
  }
  return value;
}

/** Raised for a serialised command whose type this engine does not know. */
export class UnknownCommandError extends Error {
  constructor(type: unknown) {
    super(`Unknown command type: ${String(type)}`);
    this.name = 'UnknownCommandError';
  }
}

// The JSON has the shape the class's own toJSON wrote (after fromPlain), so each entry reads it as that.
type JsonOf<C extends { toJSON(): unknown }> = ReturnType<C['toJSON']>;
function reader<J>(read: (json: J) => Command): (json: unknown) => Command {
  return (json) => read(json as J);
}

const READERS: Record<string, (json: unknown) => Command> = {
  'batch': reader<{ commands: unknown[] }>((j) => new BatchCommand(j.commands.map(commandFromJSON))),
  'document.replace': reader(ReplaceDocumentCommand.fromJSON),
  'items.add': reader<JsonOf<AddItemsCommand>>((j) => new AddItemsCommand(j.entries)),
  'items.remove': reader(RemoveItemsCommand.fromJSON),
  'items.transform': reader<JsonOf<TransformItemsCommand>>((j) => new TransformItemsCommand(j.changes, j.gesture)),
  'items.update': reader<JsonOf<UpdateItemCommand>>((j) => new UpdateItemCommand(j.id, j.patch, j.before)),
  'level.add': reader<JsonOf<AddLevelCommand>>((j) => new AddLevelCommand(j.level.id, j.level.name)),
  'level.remove': reader(RemoveLevelCommand.fromJSON),
  'wall.add': reader<JsonOf<AddWallCommand>>((j) => new AddWallCommand(j.levelId, j.wall)),
  'wall.move': reader<JsonOf<MoveWallCommand>>((j) => new MoveWallCommand(j.levelId, j.wallId, j.from, j.to, j.gesture)),
  'wall.remove': reader(RemoveWallCommand.fromJSON),
  'wall.split': reader(SplitWallCommand.fromJSON),
  'wall.join': reader(JoinWallsCommand.fromJSON),
  'opening.add': reader<JsonOf<AddOpeningCommand>>((j) => new AddOpeningCommand(j.levelId, j.wallId, j.opening)),
  'opening.remove': reader(RemoveOpeningCommand.fromJSON),
  'stairs.add': reader<JsonOf<AddStairsCommand>>((j) => new AddStairsCommand(j.levelId, j.stairs)),
  'stairs.remove': reader(RemoveStairsCommand.fromJSON),
  'floor.add': reader<JsonOf<AddFloorCommand>>((j) => new AddFloorCommand(j.levelId, j.floor)),
  'ceiling.add': reader<JsonOf<AddCeilingCommand>>((j) => new AddCeilingCommand(j.levelId, j.ceiling)),
  'ceiling.remove': reader(RemoveCeilingCommand.fromJSON),
  'ceiling.update': reader<JsonOf<UpdateCeilingCommand>>((j) => new UpdateCeilingCommand(j.levelId, j.ceilingId, j.patch, j.before)),
  'surface.look': reader(SetSurfaceLookCommand.fromJSON),
  'environment.set': reader(SetEnvironmentCommand.fromJSON),
  'style.theme': reader<JsonOf<ApplyThemeCommand>>((j) => ApplyThemeCommand.fromJSON(j, commandFromJSON)),
  'tour.add': reader<JsonOf<AddTourCommand>>((j) => new AddTourCommand(j.tour)),
  'tour.remove': reader(RemoveTourCommand.fromJSON),
  'tour.update': reader<JsonOf<UpdateTourCommand>>((j) => new UpdateTourCommand(j.tourId, j.patch, j.before)),
  'tourPoint.add': reader<JsonOf<AddTourPointCommand>>((j) => new AddTourPointCommand(j.tourId, j.point)),
  'tourPoint.update': reader<JsonOf<UpdateTourPointCommand>>((j) => new UpdateTourPointCommand(j.tourId, j.pointId, j.patch, j.before)),
  'tourPoint.remove': reader(RemoveTourPointCommand.fromJSON),
  'tourPoint.reorder': reader<JsonOf<ReorderTourPointCommand>>((j) => new ReorderTourPointCommand(j.tourId, j.from, j.to)),
  'entry.set': reader(SetEntryPointCommand.fromJSON),
};

/** The command types `commandFromJSON` reads (every command of the editor). */
export const SERIALISED_COMMAND_TYPES: readonly string[] = Object.keys(READERS);

/** A command from its `toJSON()` (as written, or after `toPlain` and JSON). */
export function commandFromJSON(json: unknown): Command {
  const plain = fromPlain(json) as { type?: string } | null;
  const read = plain?.type === undefined ? undefined : READERS[plain.type];
  if (!read) throw new UnknownCommandError(plain?.type);
  return read(plain);
}

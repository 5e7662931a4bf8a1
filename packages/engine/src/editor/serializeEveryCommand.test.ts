import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION, type SceneDocument } from '@atrium/shared';
import { getTheme } from '@atrium/assets';
import { BatchCommand, type Command } from './command.ts';
import * as ceilingCommands from './commands/ceilings.ts';
import * as documentCommands from './commands/document.ts';
import * as itemCommands from './commands/items.ts';
import * as structureCommands from './commands/structure.ts';
import * as styleCommands from './commands/style.ts';
import * as tourCommands from './commands/tours.ts';
import * as wallEditCommands from './commands/wallEdits.ts';
import { History } from './history.ts';
import { SERIALISED_COMMAND_TYPES, commandFromJSON, toPlain } from './serialize.ts';
import { frozenDoc } from './testDoc.ts';

const {
  AddFloorCommand, AddLevelCommand, AddOpeningCommand, AddStairsCommand, AddWallCommand, MoveWallCommand, RemoveLevelCommand,
  RemoveOpeningCommand, RemoveStairsCommand, RemoveWallCommand,
} = structureCommands;
const { AddItemsCommand, RemoveItemsCommand, TransformItemsCommand, UpdateItemCommand } = itemCommands;
const { ApplyThemeCommand, SetEnvironmentCommand, SetSurfaceLookCommand } = styleCommands;
const {
  AddTourCommand, AddTourPointCommand, RemoveTourCommand, RemoveTourPointCommand, ReorderTourPointCommand, SetEntryPointCommand,
  UpdateTourCommand, UpdateTourPointCommand,
} = tourCommands;
const { JoinWallsCommand, SplitWallCommand } = wallEditCommands;
const { ReplaceDocumentCommand } = documentCommands;
const { AddCeilingCommand, RemoveCeilingCommand, UpdateCeilingCommand } = ceilingCommands;

const point = (id: string, order: number) => ({ id, title: id, description: '', position: [order, 0, 0] as [number, number, number], rotation: [0, 0, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number], order });

/** Holds something for every command to act on: two levels, walls with an opening, stairs, a floor, items, a tour. */
const start = (): SceneDocument => frozenDoc({
  version: SCENE_DOCUMENT_VERSION,
  customSpace: {
    levels: [
      {
        id: 'L0',
        walls: [
          { id: 'w1', start: [0, 0], end: [8, 0], openings: [{ id: 'd1', kind: 'door', offset: 2, width: 1, height: 2.1 }] },
          { id: 'w2', start: [8, 0], end: [8, 6] },
          { id: 'a', start: [0, 6], end: [3, 6] },
          { id: 'b', start: [3, 6], end: [6, 6] },
        ],
        floors: [{ id: 'f1', polygon: [[0, 0], [8, 0], [8, 6]] }],
        stairs: [{ id: 's1', position: [1, 0, 1] }],
        ceilings: [{ id: 'c1', polygon: [[0, 0], [8, 0], [8, 6], [0, 6]], height: 3 }],
      },
      { id: 'L1', name: 'Upstairs' },
    ],
    materialOverrides: [{ targetId: 'w1', tint: '#112233' }],
  },
  props: [{ id: 'chair', propId: 'bench', position: [1, 0, 1] }],
  texts3d: [{ id: 't1', position: [0, 1, 0], text: 'Hello' }],
  guidedTours: [
    { id: 'tour', title: 'Walk', points: [point('p1', 0), point('p2', 1), point('p3', 2)] },
    { id: 'tour2', title: 'Other' },
  ],
});

const T = (x: number) => ({ position: [x, 0, 1] as [number, number, number], rotation: [0, 0, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number] });

/** One command of every kind the editor has, each valid on `start()`. */
function everyCommand(doc: SceneDocument): Command[] {
  return [
    new BatchCommand([new UpdateItemCommand('chair', { title: 'Seat' }), new UpdateItemCommand('t1', { text: 'Hi' })]),
    new ReplaceDocumentCommand(frozenDoc({ version: SCENE_DOCUMENT_VERSION, spaceTemplate: { spaceTemplateId: 'loft' } }), 'template'),
    new AddItemsCommand([{ kind: 'props', item: { ...doc.props[0]!, id: 'lamp', position: [3, 0, 3] } }]),
    new RemoveItemsCommand(['t1', 'chair']),
    new TransformItemsCommand([{ id: 'chair', from: T(1), to: T(2) }], 'g1'),
    new UpdateItemCommand('t1', { text: 'Bye', hyperlink: 'https://example.com' }),
    new AddLevelCommand('L2', 'Attic'),
    new RemoveLevelCommand('L1'),
    new AddWallCommand('L1', { id: 'w9', start: [0, 0], end: [2, 0], thickness: 0.2, height: 3, openings: [] }),
    new MoveWallCommand('L0', 'w2', { start: [8, 0], end: [8, 6] }, { start: [9, 0], end: [9, 6] }, 'g2'),
    new RemoveWallCommand('L0', 'w1'),
    new SplitWallCommand('L0', 'w1', 5, 'w1b'),
    new JoinWallsCommand('L0', 'a', 'b'),
    new AddOpeningCommand('L0', 'w2', { id: 'win', kind: 'window', type: 'Single', offset: 3, width: 1, height: 1, sill: 1 }),
    new RemoveOpeningCommand('L0', 'w1', 'd1'),
    new AddStairsCommand('L0', { id: 's2', type: 'Straight', position: [4, 0, 4], rotation: 0, width: 1, rise: 4, stepCount: 20, stepDepth: 0.3 }),
    new RemoveStairsCommand('L0', 's1'),
    new AddFloorCommand('L1', { id: 'f2', polygon: [[0, 0], [1, 0], [1, 1]] }),
    new AddCeilingCommand('L1', { id: 'c2', polygon: [[0, 0], [4, 0], [4, 4]], height: 3.5 }),
    new RemoveCeilingCommand('L0', 'c1'),
    new UpdateCeilingCommand('L0', 'c1', { height: 3.4, tint: '#f0e0d0' }),
    new SetSurfaceLookCommand('w1', { materialId: 'brick' }),
    new SetEnvironmentCommand({ skyUri: 'atrium:sky/dusk', ambientSoundUri: 'atrium:sound/rain' }),
    new ApplyThemeCommand(getTheme('winter-lodge')!),
    new AddTourCommand({ id: 'tour3', title: 'New', description: '', duration: 0, public: true, points: [] }),
    new RemoveTourCommand('tour'),
    new UpdateTourCommand('tour', { title: 'Stroll', public: false }),
    new AddTourPointCommand('tour', { id: 'p4', title: 'Four', description: '', position: [4, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }),
    new UpdateTourPointCommand('tour', 'p2', { audioUri: '/clip.mp3' }),
    new RemoveTourPointCommand('tour', 'p2'),
    new ReorderTourPointCommand('tour', 0, 2),
    new SetEntryPointCommand([1, 0, 1], [0, 1, 0]),
  ];
}

/** What a saved editing session holds: the command's JSON through a string, as localStorage would keep it. */
const throughJSON = (command: Command): unknown => JSON.parse(JSON.stringify(toPlain(command.toJSON())));

describe('every editor command survives toJSON → JSON text → commandFromJSON', () => {
  it('the fixtures cover every serialised type and every command class the editor exports', () => {
    const commands = everyCommand(start());
    expect(new Set(commands.map((c) => c.type))).toEqual(new Set(SERIALISED_COMMAND_TYPES));
    const classes = [ceilingCommands, documentCommands, itemCommands, structureCommands, styleCommands, tourCommands, wallEditCommands]
      .flatMap((m) => Object.values(m))
      .filter((v): v is new (...a: never[]) => Command => typeof v === 'function' && typeof (v.prototype as Partial<Command> | undefined)?.execute === 'function');
    expect(classes.length).toBeGreaterThanOrEqual(SERIALISED_COMMAND_TYPES.length - 1); // all but BatchCommand
    for (const cls of classes) expect(commands.some((c) => c instanceof cls), cls.name).toBe(true);
  });

  for (const command of everyCommand(start())) {
    it(`${command.type}: restored after running, it undoes and redoes exactly like the original`, () => {
      const before = start();
      const after = command.execute(before);
      expect(after).not.toEqual(before);
      const restored = commandFromJSON(throughJSON(command));
      expect(restored.type).toBe(command.type);
      expect(restored.constructor).toBe(command.constructor);
      expect(throughJSON(restored)).toEqual(throughJSON(command));
      expect(restored.undo(after)).toEqual(before);
      expect(restored.execute(before)).toEqual(after);
      expect(restored.undo(after)).toEqual(before);
    });
  }

  it('a history of every kind, restored from text, undoes to the start and redoes to the same end', () => {
    const h = new History(start(), { mergeWindowMs: 0 });
    // Removals and the whole-document swap last, so the other steps still find their targets.
    const last = ['items.remove', 'wall.remove', 'tour.remove', 'level.remove', 'document.replace'];
    const rank = (c: Command) => last.indexOf(c.type);
    const ordered = everyCommand(start()).sort((a, b) => rank(a) - rank(b));
    for (const c of ordered) {
      const doc = h.document;
      const probe = commandFromJSON(throughJSON(c));
      try {
        probe.execute(doc);
      } catch {
        continue; // its target was removed by an earlier step: covered on its own above
      }
      h.execute(c);
    }
    expect(h.undoSize).toBeGreaterThanOrEqual(SERIALISED_COMMAND_TYPES.length - 3);
    const end = h.document;
    for (let i = 0; i < 3; i++) h.undo();
    const restored = History.fromJSON(JSON.parse(JSON.stringify(h.toJSON())));
    expect(restored.document).toEqual(h.document);
    expect(restored.undoSize).toBe(h.undoSize);
    while (restored.undo()) { /* back to the start */ }
    expect(restored.document).toEqual(start());
    while (restored.redo()) { /* forward to the end, past the restored position */ }
    expect(restored.document).toEqual(end);
  });
});

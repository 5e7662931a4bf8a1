import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '@atrium/shared';
import { SCENE_DOCUMENT_VERSION } from '@atrium/shared';
import { getTheme } from '@atrium/assets';
import { BatchCommand } from './command.ts';
import { ReplaceDocumentCommand } from './commands/document.ts';
import { AddItemsCommand, RemoveItemsCommand, TransformItemsCommand, UpdateItemCommand } from './commands/items.ts';
import { AddLevelCommand, AddWallCommand, RemoveWallCommand } from './commands/structure.ts';
import { ApplyThemeCommand, SetEnvironmentCommand } from './commands/style.ts';
import { AddTourCommand, AddTourPointCommand, SetEntryPointCommand, UpdateTourPointCommand } from './commands/tours.ts';
import { JoinWallsCommand, SplitWallCommand } from './commands/wallEdits.ts';
import { History } from './history.ts';
import { SERIALISED_COMMAND_TYPES, UnknownCommandError, commandFromJSON, fromPlain, toPlain } from './serialize.ts';
import { frozenDoc } from './testDoc.ts';

const start = (): SceneDocument => frozenDoc({
  version: SCENE_DOCUMENT_VERSION,
  customSpace: { levels: [{ id: 'L0', walls: [{ id: 'w1', start: [0, 0], end: [8, 0] }] }] },
  props: [{ id: 'chair', propId: 'bench', position: [1, 0, 1] }],
  texts3d: [{ id: 't1', position: [0, 1, 0], text: 'Hello' }],
});

const T0 = { position: [1, 0, 1] as [number, number, number], rotation: [0, 0, 0] as [number, number, number], scale: [1, 1, 1] as [number, number, number] };

/** One session touching every kind of step, including fields that are absent before (undo deletes them). */
function session(h: History): void {
  h.execute(new AddItemsCommand([{ kind: 'props', item: { ...h.document.props[0]!, id: 'lamp', position: [3, 0, 3] } }]));
  h.execute(new TransformItemsCommand([{ id: 'chair', from: T0, to: { ...T0, position: [2, 0, 2] } }], 'g1'));
  h.execute(new UpdateItemCommand('t1', { text: 'Bye', hyperlink: 'https://example.com' }));
  h.execute(new RemoveItemsCommand(['lamp', 't1']));
  h.execute(new AddLevelCommand('L1', 'Upstairs'));
  h.execute(new AddWallCommand('L0', { id: 'w2', start: [8, 0], end: [8, 6], thickness: 0.2, height: 3, openings: [] }));
  h.execute(new SplitWallCommand('L0', 'w1', 4, 'w1b'));
  h.execute(new JoinWallsCommand('L0', 'w1', 'w1b'));
  h.execute(new RemoveWallCommand('L0', 'w2'));
  h.execute(new SetEnvironmentCommand({ ambientSoundUri: 'atrium:sound/rain' }));
  h.execute(new ApplyThemeCommand(getTheme('winter-lodge')!));
  h.execute(new AddTourCommand({ id: 'tour', title: 'Walk', description: '', duration: 5, public: true, points: [] }));
  h.execute(new AddTourPointCommand('tour', { id: 'p1', title: 'One', description: '', position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }));
  h.execute(new UpdateTourPointCommand('tour', 'p1', { audioUri: '/clip.mp3' }));
  h.execute(new SetEntryPointCommand([1, 0, 1], [0, 1, 0]));
  h.execute(new BatchCommand([new UpdateItemCommand('chair', { tint: '#ff0000' })]));
}

describe('history serialisation', () => {
  it('a session restored from JSON undoes to the start and redoes to the end', () => {
    const h = new History(start());
    session(h);
    h.undo(); // one step waits on the redo stack
    const json = JSON.parse(JSON.stringify(h.toJSON()));
    const restored = History.fromJSON(json);
    expect(restored.document).toEqual(h.document);
    expect(restored.undoSize).toBe(h.undoSize);
    const middle = restored.document;
    while (restored.undo()) { /* back to the start */ }
    expect(restored.document).toEqual(start());
    while (restored.redo()) { /* forward past the restored position */ }
    h.redo();
    expect(restored.document).toEqual(h.document);
    expect(middle).not.toEqual(h.document);
  });

  it('RemoveItemsCommand keeps the removed items and their places, not only ids', () => {
    const cmd = new RemoveItemsCommand(['chair']);
    const after = cmd.execute(start());
    const json = JSON.parse(JSON.stringify(toPlain(cmd.toJSON())));
    expect(json.state[0]).toMatchObject({ kind: 'props', index: 0, item: { id: 'chair', propId: 'bench' } });
    expect(commandFromJSON(json).undo(after)).toEqual(start());
  });

  it('keeps undefined (an absent field) through JSON', () => {
    expect(fromPlain(JSON.parse(JSON.stringify(toPlain({ a: undefined, b: [1, undefined], c: { d: 'x' } }))))).toEqual({ a: undefined, b: [1, undefined], c: { d: 'x' } });
  });

  it('reads every command type, and refuses one it does not know', () => {
    const doc = start();
    const written = new Set<string>();
    const h = new History(doc);
    h.subscribe(({ command }) => written.add(command.type));
    session(h);
    h.execute(new ReplaceDocumentCommand(doc, 'template'));
    for (const type of written) expect(SERIALISED_COMMAND_TYPES).toContain(type);
    expect(() => commandFromJSON({ type: 'nope' })).toThrow(UnknownCommandError);
  });
});

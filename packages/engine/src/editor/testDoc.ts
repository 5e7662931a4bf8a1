import { expect } from 'vitest';
import { sceneDocumentV1, type SceneDocument } from '@atrium/shared';
import type { Command } from './command.ts';
import { commandFromJSON, toPlain } from './serialize.ts';

// Test documents for editor commands. They are frozen all the way down, so a command that edits its
// input in place instead of copying it throws rather than passing by accident.

export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

export const frozenDoc = (input: unknown): SceneDocument => deepFreeze(sceneDocumentV1.parse(input));

/** execute changes the document without mutating it; undo restores it exactly; redo repeats execute. */
export function roundTripFrom(
  before: SceneDocument,
  cmd: Command,
  check: (after: SceneDocument, before: SceneDocument) => void,
): SceneDocument {
  const snapshot = structuredClone(before);
  const after = cmd.execute(before);
  expect(after).not.toEqual(before);
  check(after, before);
  expect(before).toEqual(snapshot);
  const undone = cmd.undo(deepFreeze(after));
  expect(undone).toEqual(snapshot);
  expect(cmd.execute(deepFreeze(undone))).toEqual(after);
  // Through JSON and back, the command still redoes and (with what it captured) undoes the same step.
  const restored = commandFromJSON(JSON.parse(JSON.stringify(toPlain(cmd.toJSON()))));
  expect(restored.type).toBe(cmd.type);
  expect(restored.undo(deepFreeze(after))).toEqual(snapshot);
  expect(restored.execute(deepFreeze(structuredClone(before)))).toEqual(after);
  return after;
}

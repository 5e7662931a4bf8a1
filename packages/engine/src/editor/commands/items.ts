import { PLACED_ITEM_KINDS, type PlacedItem, type PlacedItemKind, type SceneDocument, type Vec3 } from '@atrium/shared';
import { CommandTargetError, type Command } from '../command.ts';
import { append, dropLast, indexOfItem, replaceAt } from '../itemIndex.ts';

export interface ItemEntry { kind: PlacedItemKind; item: PlacedItem }
export interface Transform { position: Vec3; rotation: Vec3; scale: Vec3 }

/** Finds an item and its collection by id. */
export function findItem(doc: SceneDocument, id: string): (ItemEntry & { index: number }) | null {
  for (const kind of PLACED_ITEM_KINDS) {
    const index = indexOfItem(doc[kind] as readonly PlacedItem[], id);
    if (index >= 0) return { kind, item: doc[kind][index]!, index };
  }
  return null;
}

const list = (doc: SceneDocument, kind: PlacedItemKind) => doc[kind] as readonly PlacedItem[];
const withList = (doc: SceneDocument, kind: PlacedItemKind, items: PlacedItem[]): SceneDocument => ({ ...doc, [kind]: items });

function mapItem(doc: SceneDocument, id: string, fn: (item: PlacedItem) => PlacedItem): SceneDocument {
  const found = findItem(doc, id);
  if (!found) throw new CommandTargetError(`item ${id}`);
  return withList(doc, found.kind, replaceAt(list(doc, found.kind), found.index, fn(found.item)));
}

/** Places new items (Add Content, props library, duplicate, paste). */
export class AddItemsCommand implements Command {
  readonly type = 'items.add';
  readonly scopes = ['items'] as const;
  readonly entries: readonly ItemEntry[];
  constructor(entries: readonly ItemEntry[]) {
    this.entries = entries;
  }
  execute(doc: SceneDocument): SceneDocument {
    let d = doc;
    for (const { kind, item } of this.entries) {
      if (findItem(d, item.id)) throw new Error(`An item with id ${item.id} already exists`);
      d = withList(d, kind, append(list(d, kind), [item]));
    }
    return d;
  }
  undo(doc: SceneDocument): SceneDocument {
    let d = doc;
    for (const kind of new Set(this.entries.map((e) => e.kind))) {
      const added = this.entries.filter((e) => e.kind === kind).map((e) => e.item.id);
      const items = list(d, kind);
      // Usually the added items are still the last ones: drop them without scanning the list.
      const atEnd = added.every((id, i) => items[items.length - added.length + i]?.id === id);
      const ids = new Set(added);
      d = withList(d, kind, atEnd ? dropLast(items, added.length) : items.filter((i) => !ids.has(i.id)));
    }
    return d;
  }
  toJSON() {
    return { type: this.type, entries: this.entries };
  }
}

/** Deletes items; undo puts each back at its old index so drawing order and lists stay as they were. */
export class RemoveItemsCommand implements Command {
  readonly type = 'items.remove';
  readonly scopes = ['items'] as const;
  readonly ids: readonly string[];
  #removed: (ItemEntry & { index: number })[] = [];
  constructor(ids: readonly string[]) {
    this.ids = ids;
  }
  execute(doc: SceneDocument): SceneDocument {
    this.#removed = this.ids.map((id) => {
      const found = findItem(doc, id);
      if (!found) throw new CommandTargetError(`item ${id}`);
      return found;
    });
    const ids = new Set(this.ids);
    let d = doc;
    for (const kind of new Set(this.#removed.map((r) => r.kind))) d = withList(d, kind, list(d, kind).filter((i) => !ids.has(i.id)));
    return d;
  }
  undo(doc: SceneDocument): SceneDocument {
    let d = doc;
    for (const r of [...this.#removed].sort((a, b) => a.index - b.index)) {
      const items = list(d, r.kind).slice();
      items.splice(r.index, 0, r.item);
      d = withList(d, r.kind, items);
    }
    return d;
  }
  toJSON() {
    return { type: this.type, ids: this.ids, state: this.#removed };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<RemoveItemsCommand['toJSON']>): RemoveItemsCommand {
    const command = new RemoveItemsCommand(json.ids);
    command.#removed = json.state;
    return command;
  }
}

export interface TransformChange { id: string; from: Transform; to: Transform }

/**
 * Moves, rotates or scales items. Commands carrying the same gesture id (one gizmo drag) merge, so a
 * drag of a hundred pointer moves is one undo step from the first `from` to the last `to`.
 */
export class TransformItemsCommand implements Command {
  readonly type = 'items.transform';
  readonly scopes = ['items'] as const;
  readonly changes: readonly TransformChange[];
  readonly gesture: string | null;
  constructor(changes: readonly TransformChange[], gesture: string | null = null) {
    this.changes = changes;
    this.gesture = gesture;
  }
  execute(doc: SceneDocument): SceneDocument {
    return this.changes.reduce((d, c) => mapItem(d, c.id, (i) => ({ ...i, ...c.to })), doc);
  }
  undo(doc: SceneDocument): SceneDocument {
    return this.changes.reduce((d, c) => mapItem(d, c.id, (i) => ({ ...i, ...c.from })), doc);
  }
  merge(next: Command): Command | null {
    if (!(next instanceof TransformItemsCommand) || this.gesture === null || next.gesture !== this.gesture) return null;
    const same = next.changes.length === this.changes.length && next.changes.every((c, i) => c.id === this.changes[i]!.id);
    if (!same) return null;
    return new TransformItemsCommand(this.changes.map((c, i) => ({ id: c.id, from: c.from, to: next.changes[i]!.to })), this.gesture);
  }
  toJSON() {
    return { type: this.type, changes: this.changes, gesture: this.gesture };
  }
}

/** Reads an item's transform, for building a TransformItemsCommand's `from`. */
export function transformOf(item: PlacedItem): Transform {
  return { position: [...item.position], rotation: [...item.rotation], scale: [...item.scale] };
}

/**
 * Inspector edits of one item's properties (title, text, colour, autoplay …). Consecutive edits of
 * the same item and the same fields merge, so typing a title is one undo step.
 */
export class UpdateItemCommand implements Command {
  readonly type = 'items.update';
  readonly scopes = ['items'] as const;
  readonly id: string;
  readonly patch: Readonly<Record<string, unknown>>;
  #before: Record<string, unknown> | null;
  constructor(id: string, patch: Readonly<Record<string, unknown>>, before: Record<string, unknown> | null = null) {
    this.id = id;
    this.patch = patch;
    this.#before = before;
  }
  execute(doc: SceneDocument): SceneDocument {
    return mapItem(doc, this.id, (item) => {
      const rec = item as unknown as Record<string, unknown>;
      this.#before ??= Object.fromEntries(Object.keys(this.patch).map((k) => [k, rec[k]]));
      return { ...item, ...this.patch } as PlacedItem;
    });
  }
  undo(doc: SceneDocument): SceneDocument {
    const before = this.#before ?? {};
    return mapItem(doc, this.id, (item) => {
      const next = { ...item } as Record<string, unknown>;
      for (const [k, v] of Object.entries(before)) {
        if (v === undefined) delete next[k];
        else next[k] = v;
      }
      return next as unknown as PlacedItem;
    });
  }
  merge(next: Command): Command | null {
    if (!(next instanceof UpdateItemCommand) || next.id !== this.id) return null;
    const keys = Object.keys(this.patch);
    const nextKeys = Object.keys(next.patch);
    if (keys.length !== nextKeys.length || !keys.every((k) => k in next.patch)) return null;
    return new UpdateItemCommand(this.id, next.patch, this.#before);
  }
  toJSON() {
    return { type: this.type, id: this.id, patch: this.patch, before: this.#before };
  }
}

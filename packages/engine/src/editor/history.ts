import type { SceneDocument } from '@atrium/shared';
import type { Command } from './command.ts';
import { commandFromJSON, fromPlain, toPlain } from './serialize.ts';

/** A saved editing session: the working document and both stacks, JSON-safe (see `toPlain`). */
export interface HistoryJSON { document: unknown; done: unknown[]; undone: unknown[] }

export interface HistoryOptions {
  /** Drags and typing within this window fold into the previous step (ARCHITECTURE §5: 500 ms). */
  mergeWindowMs?: number;
  /** Oldest steps are dropped beyond this many. */
  limit?: number;
  now?: () => number;
}

export type HistoryChange = { document: SceneDocument; command: Command; direction: 'execute' | 'undo' | 'redo'; merged: boolean };
type Listener = (change: HistoryChange) => void;

/**
 * The editor's undo/redo stack over a scene document. It owns the current document: every change
 * goes through `execute`, and listeners (the engine, the UI's dirty flag) hear about each one.
 */
export class History {
  #doc: SceneDocument;
  #done: { command: Command; at: number }[] = [];
  #undone: Command[] = [];
  #listeners = new Set<Listener>();
  #mergeWindowMs: number;
  #limit: number;
  #now: () => number;
  #sealed = false;
  /** Bumped on every change; the UI compares it with the saved revision for the dirty flag. */
  revision = 0;

  constructor(doc: SceneDocument, options: HistoryOptions = {}) {
    this.#doc = doc;
    this.#mergeWindowMs = options.mergeWindowMs ?? 500;
    this.#limit = options.limit ?? 1000;
    this.#now = options.now ?? (() => Date.now());
  }

  get document(): SceneDocument {
    return this.#doc;
  }
  get canUndo(): boolean {
    return this.#done.length > 0;
  }
  get canRedo(): boolean {
    return this.#undone.length > 0;
  }
  get undoSize(): number {
    return this.#done.length;
  }

  /** Runs a command; folds it into the previous step when that step accepts the merge in time. */
  execute(command: Command): SceneDocument {
    const next = command.execute(this.#doc);
    const at = this.#now();
    const top = this.#done.at(-1);
    // A slow machine may space a drag's pointer moves further apart than the window: one gesture is one step.
    const sameGesture = top !== undefined && command.gesture != null && command.gesture === top.command.gesture;
    const merged = !this.#sealed && top && (sameGesture || at - top.at <= this.#mergeWindowMs) ? top.command.merge?.(command) ?? null : null;
    if (merged && top) {
      top.command = merged;
      top.at = at;
    } else {
      this.#done.push({ command, at });
      if (this.#done.length > this.#limit) this.#done.shift();
    }
    this.#sealed = false;
    this.#undone = [];
    this.#set(next, command, 'execute', merged !== null);
    return next;
  }

  /** Ends the current gesture: the next command starts a new step even within the merge window. */
  seal(): void {
    this.#sealed = true;
  }

  undo(): boolean {
    const top = this.#done.pop();
    if (!top) return false;
    this.#undone.push(top.command);
    this.#set(top.command.undo(this.#doc), top.command, 'undo', false);
    return true;
  }

  /**
   * Takes back the last step and forgets it (no redo): a gesture called off midway, such as an item
   * drag that a second finger turned into a pinch of the view.
   */
  abandon(): boolean {
    const top = this.#done.pop();
    if (!top) return false;
    this.#sealed = true;
    this.#set(top.command.undo(this.#doc), top.command, 'undo', false);
    return true;
  }

  redo(): boolean {
    const command = this.#undone.pop();
    if (!command) return false;
    // A redone step never merges with what came before it.
    this.#done.push({ command, at: -Infinity });
    this.#set(command.execute(this.#doc), command, 'redo', false);
    return true;
  }

  /** Starts over from a document (after load or reload); undo cannot go back past it. */
  reset(doc: SceneDocument): void {
    this.#doc = doc;
    this.#done = [];
    this.#undone = [];
    this.revision++;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The session as JSON: the document and every step with what it captured, so undo works after a restore. */
  toJSON(): HistoryJSON {
    return {
      document: toPlain(this.#doc),
      done: this.#done.map((s) => toPlain(s.command.toJSON())),
      undone: this.#undone.map((c) => toPlain(c.toJSON())),
    };
  }

  /** Restores a session written by `toJSON`; the first new command never merges into a restored step. */
  static fromJSON(json: HistoryJSON, options: HistoryOptions = {}): History {
    const history = new History(fromPlain(json.document) as SceneDocument, options);
    history.#done = json.done.map((c) => ({ command: commandFromJSON(c), at: -Infinity }));
    history.#undone = json.undone.map(commandFromJSON);
    history.#sealed = true;
    return history;
  }

  #set(doc: SceneDocument, command: Command, direction: HistoryChange['direction'], merged: boolean) {
    this.#doc = doc;
    this.revision++;
    for (const l of this.#listeners) l({ document: doc, command, direction, merged });
  }
}

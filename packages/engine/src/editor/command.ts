import type { SceneDocument } from '@atrium/shared';

/** What a change touched, so the engine rebuilds only that part of the world. */
export type EditScope = 'structure' | 'items' | 'sky' | 'tours' | 'entry' | 'document';

/**
 * One undoable change to a scene document (ARCHITECTURE §5). Commands are pure: they take the current
 * document and return the next one, sharing every untouched branch, so undo never needs a deep copy.
 */
export interface Command {
  /** Stable name for toJSON and telemetry, e.g. "items.transform". */
  readonly type: string;
  readonly scopes: readonly EditScope[];
  execute(doc: SceneDocument): SceneDocument;
  undo(doc: SceneDocument): SceneDocument;
  /**
   * Folds `next` (executed right after this one) into a single step, or returns null. Used for drags
   * and typing: many small changes, one undo step.
   */
  merge?(next: Command): Command | null;
  /**
   * Pointer gesture (one gizmo or wall drag) this change belongs to. Commands of one gesture merge
   * however slowly the pointer moves; others only within the merge window.
   */
  readonly gesture?: string | null;
  toJSON(): { type: string } & Record<string, unknown>;
}

/** Several commands as one step (duplicate + select, template switch with its tours, …). */
export class BatchCommand implements Command {
  readonly type = 'batch';
  readonly scopes: readonly EditScope[];
  readonly commands: readonly Command[];
  constructor(commands: readonly Command[]) {
    this.commands = commands;
    this.scopes = [...new Set(commands.flatMap((c) => c.scopes))];
  }
  execute(doc: SceneDocument): SceneDocument {
    return this.commands.reduce((d, c) => c.execute(d), doc);
  }
  undo(doc: SceneDocument): SceneDocument {
    return this.commands.reduceRight((d, c) => c.undo(d), doc);
  }
  toJSON() {
    return { type: this.type, commands: this.commands.map((c) => c.toJSON()) };
  }
}

/** Thrown when a command refers to something the document does not hold (a stale id). */
export class CommandTargetError extends Error {
  constructor(what: string) {
    super(`Edit target not found: ${what}`);
    this.name = 'CommandTargetError';
  }
}

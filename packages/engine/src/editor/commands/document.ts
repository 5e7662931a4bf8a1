import type { SceneDocument } from '@atrium/shared';
import type { Command } from '../command.ts';

/**
 * Swaps the whole document: choosing a premade template or starting a custom space (spec §4 —
 * the UI confirms first because current work is discarded). Undo brings the old work back.
 */
export class ReplaceDocumentCommand implements Command {
  readonly type = 'document.replace';
  readonly scopes = ['document'] as const;
  readonly next: SceneDocument;
  readonly reason: string;
  #before: SceneDocument | null = null;
  constructor(next: SceneDocument, reason: string) {
    this.next = next;
    this.reason = reason;
  }
  execute(doc: SceneDocument): SceneDocument {
    this.#before = doc;
    return this.next;
  }
  undo(): SceneDocument {
    return this.#before!;
  }
  toJSON() {
    return { type: this.type, reason: this.reason, next: this.next, state: this.#before };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<ReplaceDocumentCommand['toJSON']>): ReplaceDocumentCommand {
    const command = new ReplaceDocumentCommand(json.next, json.reason);
    command.#before = json.state;
    return command;
  }
}

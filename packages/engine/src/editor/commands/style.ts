import type { MaterialOverride, SceneDocument } from '@atrium/shared';
import type { Command } from '../command.ts';
import { spaceOf } from './structure.ts';

export type SurfaceLook = Omit<MaterialOverride, 'targetId'>;

/**
 * Sets the look of a surface (a wall, floor or stairs id, or a key such as "wall:*") through the
 * document's material overrides. An empty look removes the override (the eraser).
 */
export class SetSurfaceLookCommand implements Command {
  readonly type = 'surface.look';
  readonly scopes = ['structure'] as const;
  readonly targetId: string;
  readonly look: SurfaceLook;
  #before: MaterialOverride | null | undefined;
  constructor(targetId: string, look: SurfaceLook) {
    this.targetId = targetId;
    this.look = look;
  }
  execute(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    this.#before = space.materialOverrides.find((o) => o.targetId === this.targetId) ?? null;
    const rest = space.materialOverrides.filter((o) => o.targetId !== this.targetId);
    const empty = Object.values(this.look).every((v) => v === undefined);
    const overrides = empty ? rest : [...rest, { targetId: this.targetId, ...this.look }];
    return { ...doc, customSpace: { ...space, materialOverrides: overrides } };
  }
  undo(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    const rest = space.materialOverrides.filter((o) => o.targetId !== this.targetId);
    return { ...doc, customSpace: { ...space, materialOverrides: this.#before ? [...rest, this.#before] : rest } };
  }
  /** Dragging through the colour picker is one step. */
  merge(next: Command): Command | null {
    if (!(next instanceof SetSurfaceLookCommand) || next.targetId !== this.targetId) return null;
    const merged = new SetSurfaceLookCommand(this.targetId, next.look);
    merged.#before = this.#before;
    return merged;
  }
  toJSON() {
    return { type: this.type, targetId: this.targetId, look: this.look };
  }
}

/** Environment: the skybox (and terrain) of the space. */
export class SetEnvironmentCommand implements Command {
  readonly type = 'environment.set';
  readonly scopes = ['sky'] as const;
  readonly change: { skyUri?: string | null; terrainUri?: string | null };
  #before: { skyUri: string | null; terrainUri: string | null } | null = null;
  constructor(change: { skyUri?: string | null; terrainUri?: string | null }) {
    this.change = change;
  }
  execute(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    this.#before = { skyUri: space.skyUri, terrainUri: space.terrainUri };
    return { ...doc, customSpace: { ...space, ...this.change } };
  }
  undo(doc: SceneDocument): SceneDocument {
    return { ...doc, customSpace: { ...spaceOf(doc), ...this.#before! } };
  }
  toJSON() {
    return { type: this.type, change: this.change };
  }
}

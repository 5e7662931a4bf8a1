import { skyUri, soundUri, terrainUri, type SpaceTheme } from '@atrium/assets';
import type { CustomSpace, MaterialOverride, SceneDocument } from '@atrium/shared';
import { BatchCommand, type Command } from '../command.ts';
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
    return { type: this.type, targetId: this.targetId, look: this.look, state: this.#before };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<SetSurfaceLookCommand['toJSON']>): SetSurfaceLookCommand {
    const command = new SetSurfaceLookCommand(json.targetId, json.look);
    command.#before = json.state;
    return command;
  }
}

export type EnvironmentChange = Partial<Pick<CustomSpace, 'skyUri' | 'terrainUri' | 'ambientSoundUri'>>;

/** Environment: the skybox, the terrain around the building and the ambient sound. */
export class SetEnvironmentCommand implements Command {
  readonly type = 'environment.set';
  readonly scopes = ['sky'] as const;
  readonly change: EnvironmentChange;
  #before: EnvironmentChange = {};
  constructor(change: EnvironmentChange) {
    this.change = change;
  }
  execute(doc: SceneDocument): SceneDocument {
    const space = spaceOf(doc);
    this.#before = Object.fromEntries(Object.keys(this.change).map((k) => [k, space[k as keyof EnvironmentChange]]));
    return { ...doc, customSpace: { ...space, ...this.change } };
  }
  undo(doc: SceneDocument): SceneDocument {
    const space: CustomSpace = { ...spaceOf(doc), ...this.#before };
    // A field the document never had (older drafts have no ambient sound) is left out again.
    for (const [k, v] of Object.entries(this.#before)) if (v === undefined) delete space[k as keyof EnvironmentChange];
    return { ...doc, customSpace: space };
  }
  /** Browsing through skies or sounds is one step per field. */
  merge(next: Command): Command | null {
    if (!(next instanceof SetEnvironmentCommand)) return null;
    if (Object.keys(next.change).sort().join() !== Object.keys(this.change).sort().join()) return null;
    const merged = new SetEnvironmentCommand(next.change);
    merged.#before = this.#before;
    return merged;
  }
  toJSON() {
    return { type: this.type, change: this.change, state: this.#before };
  }
  /** Restores the command as it stood after running, with what it removed or replaced. */
  static fromJSON(json: ReturnType<SetEnvironmentCommand['toJSON']>): SetEnvironmentCommand {
    const command = new SetEnvironmentCommand(json.change);
    command.#before = json.state;
    return command;
  }
}

/**
 * A one-click theme: wall and floor materials (surface-wide, replacing any tint), sky, terrain and
 * ambient sound, as one undo step.
 */
export class ApplyThemeCommand implements Command {
  readonly type = 'style.theme';
  readonly scopes = ['structure', 'sky'] as const;
  readonly theme: SpaceTheme;
  #batch: BatchCommand;
  constructor(theme: SpaceTheme) {
    this.theme = theme;
    this.#batch = new BatchCommand([
      new SetSurfaceLookCommand('wall:*', { materialId: theme.wallMaterialId }),
      new SetSurfaceLookCommand('floor:*', { materialId: theme.floorMaterialId }),
      new SetEnvironmentCommand({
        skyUri: skyUri(theme.skyId),
        terrainUri: terrainUri(theme.terrainId),
        ambientSoundUri: theme.soundId ? soundUri(theme.soundId) : null,
      }),
    ]);
  }
  execute(doc: SceneDocument): SceneDocument {
    return this.#batch.execute(doc);
  }
  undo(doc: SceneDocument): SceneDocument {
    return this.#batch.undo(doc);
  }
  toJSON() {
    return { type: this.type, themeId: this.theme.id, theme: this.theme, state: this.#batch.toJSON() };
  }
  /** Restores the theme step with its parts' captured state; `restore` rebuilds the batch's commands. */
  static fromJSON(json: ReturnType<ApplyThemeCommand['toJSON']>, restore: (json: unknown) => Command): ApplyThemeCommand {
    const command = new ApplyThemeCommand(json.theme);
    command.#batch = restore(json.state) as BatchCommand;
    return command;
  }
}

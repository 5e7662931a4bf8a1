import {
  EditorTools, History, ReplaceDocumentCommand, findItem, type CameraMode, type Command, type EditorTool, type EditorView, type Engine, type Inspection,
} from '@atrium/engine';
import { migrateSceneDocument } from '@atrium/shared/scene/migrations';
import { untitledSpaceTitle, type SceneConflictDetails } from '@atrium/shared/scenes/editor';
import type { SceneDocument } from '@atrium/shared/scene/document';
import { ApiError } from '../../api/ApiError.ts';
import { createSceneMetadata, patchSceneMetadata, putSceneContent } from './queries.ts';
import { clearRecovery, writeRecovery, type RecoveryCopy } from './recovery.ts';
import { metadataStep, type SaveFields } from './saveFields.ts';

export interface EditorSnapshot {
  sceneId: string | null;
  title: string;
  published: boolean;
  spaceTemplateId: string | null;
  document: SceneDocument;
  /** The server contentVersion the working copy is based on (0 before the first save). */
  baseVersion: number;
  dirty: boolean;
  saving: boolean;
  lastSavedAt: number | null;
  canUndo: boolean;
  canRedo: boolean;
  selection: readonly string[];
  tool: EditorTool;
  cameraMode: CameraMode;
  conflict: SceneConflictDetails | null;
  /** Exterior (whole building) or interior (the edited level, with what is above it cut away). */
  view: EditorView;
  /** The level being edited (walls drawn and split, interior view); null = the first. */
  levelId: string | null;
  /** What the inspection tool last clicked. */
  inspection: Inspection | null;
  mapOpen: boolean;
  /** The tour point whose Properties are open (Paths step); placed items have `selection` instead. */
  tourPoint: { tourId: string; pointId: string } | null;
}

/** The drag type of an Add button dragged onto the canvas (content panel → canvas drop). */
export const PLACE_DRAG_TYPE = 'application/x-atrium-place';

export interface SaveResult { sceneId: string; created: boolean }

export interface SessionInit {
  sceneId: string | null;
  title: string;
  published: boolean;
  spaceTemplateId: string | null;
  baseVersion: number;
  document: SceneDocument;
  recoveryKey: string;
  /** Stable identity of the editing user, stored with the IndexedDB copy. */
  owner: string;
}

declare global {
  interface Window {
    /** The live editor session, for automated browsers (e2e) and dev builds only. */
    __atriumEditor?: EditorSession;
  }
}

/**
 * Everything the editor does outside React: the engine, the History every change goes through, the
 * tools, and the spec §4 save flow with dirty tracking, conflict handling and the IndexedDB mirror.
 * Components subscribe to snapshots; nothing here knows about React.
 */
export class EditorSession {
  readonly engine: Engine;
  readonly history: History;
  readonly tools: EditorTools;
  #snap: EditorSnapshot;
  #savedRevision: number;
  #titleDirty = false;
  // The title and template the server last confirmed: a save PATCHes them only when they differ.
  #savedFields: SaveFields;
  #listeners = new Set<() => void>();
  #recoveryKey: string;
  readonly owner: string;
  #mirrorTimer: ReturnType<typeof setTimeout> | null = null;
  #cleanups: (() => void)[] = [];
  #placeDrag: ((clientX: number, clientY: number) => void) | null = null;

  constructor(engine: Engine, init: SessionInit) {
    this.engine = engine;
    this.history = new History(init.document);
    this.tools = new EditorTools(engine, this.history);
    this.#recoveryKey = init.recoveryKey;
    this.owner = init.owner;
    this.#savedRevision = this.history.revision;
    this.#savedFields = { title: init.title, spaceTemplateId: init.spaceTemplateId };
    const state = engine.getState();
    this.#snap = {
      sceneId: init.sceneId, title: init.title, published: init.published, spaceTemplateId: init.spaceTemplateId,
      document: init.document, baseVersion: init.baseVersion, dirty: false, saving: false, lastSavedAt: null,
      canUndo: false, canRedo: false, selection: state.selection, tool: 'select', cameraMode: state.cameraMode, conflict: null,
      view: 'exterior', levelId: null, inspection: null, mapOpen: false, tourPoint: null,
    };
    this.#cleanups.push(
      this.history.subscribe(() => {
        this.#sync();
        this.#scheduleMirror();
      }),
      // Selecting an item closes a tour point's Properties: one inspector at a time.
      engine.subscribe((s) => s.selection, (selection) => this.#set(selection.length ? { selection, tourPoint: null } : { selection })),
      engine.subscribe((s) => s.cameraMode, (cameraMode) => this.#set({ cameraMode })),
      this.tools.events.on('inspected', (inspection) => this.#set({ inspection })),
    );
  }

  get recoveryKey(): string {
    return this.#recoveryKey;
  }

  // ---------- store ----------

  getSnapshot = (): EditorSnapshot => this.#snap;
  subscribe = (fn: () => void): (() => void) => {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  };
  #set(patch: Partial<EditorSnapshot>) {
    this.#snap = { ...this.#snap, ...patch };
    this.#listeners.forEach((l) => l());
  }
  #sync() {
    const h = this.history;
    this.#set({
      document: h.document, canUndo: h.canUndo, canRedo: h.canRedo,
      dirty: this.#titleDirty || h.revision !== this.#savedRevision,
    });
  }

  // ---------- editing ----------

  execute(command: Command) {
    this.history.execute(command);
  }
  /** Selects after pending changes reached the engine (new items must exist there to be selected). */
  select(ids: readonly string[]) {
    this.tools.flushEdits();
    this.engine.select(ids);
  }
  /** An Add button is being dragged: a drop on the canvas places its item there (null: drag ended). */
  startPlaceDrag(place: ((clientX: number, clientY: number) => void) | null) {
    this.#placeDrag = place;
  }
  get placeDragging(): boolean {
    return this.#placeDrag !== null;
  }
  /** The drop: the dragged item lands on the surface under the pointer. */
  dropAt(clientX: number, clientY: number): boolean {
    const place = this.#placeDrag;
    this.#placeDrag = null;
    if (!place) return false;
    place(clientX, clientY);
    return true;
  }
  /** Opens a tour point's Properties (title, description, audio); null closes them. */
  selectTourPoint(point: { tourId: string; pointId: string } | null) {
    if (point && this.#snap.selection.length) this.engine.select([]);
    this.#set({ tourPoint: point });
  }
  undo() {
    this.history.undo();
  }
  redo() {
    this.history.redo();
  }
  setTool(tool: EditorTool) {
    this.tools.setTool(tool);
    this.#set({ tool });
  }
  setCameraMode(mode: CameraMode) {
    this.engine.setCameraMode(mode);
  }
  setView(view: EditorView) {
    this.tools.setView(view);
    this.#set({ view });
  }
  /** The orbit camera circles the (first) selected item. */
  focusSelection() {
    const id = this.#snap.selection[0];
    const found = id ? findItem(this.history.document, id) : null;
    if (found) this.engine.focusOn(found.item.position);
  }
  toggleMap() {
    this.#set({ mapOpen: !this.#snap.mapOpen });
  }
  /** The level walls are drawn and split on; the interior view follows it. */
  setLevel(levelId: string | null) {
    this.tools.setLevel(levelId);
    this.#set({ levelId });
  }
  /** Published from the wizard or unpublished in Publish & Share: the header's badge follows without a reload. */
  setPublished(published: boolean) {
    this.#set({ published });
  }
  setTitle(title: string) {
    this.#titleDirty = true;
    this.#set({ title, dirty: true });
    this.#scheduleMirror();
  }
  /** Template switch or custom space: the whole document, one undo step (the UI confirms first). */
  replaceDocument(doc: SceneDocument, spaceTemplateId: string | null, reason: string) {
    this.#set({ spaceTemplateId });
    this.#titleDirty = true;
    this.history.execute(new ReplaceDocumentCommand(doc, reason));
  }
  /** Offers the IndexedDB copy back: applied as one undoable step on top of the server version. */
  restore(copy: RecoveryCopy) {
    this.#titleDirty = true;
    this.#set({ title: copy.title });
    this.history.execute(new ReplaceDocumentCommand(migrateSceneDocument(copy.document), 'recovery'));
  }

  // ---------- saving (spec §4) ----------

  /**
   * With a sceneId: update metadata, then content. Without: create metadata (multipart), then save
   * content; the caller navigates to editor/{id}. An empty title becomes "Untitled space" + local
   * date and time. A 409 keeps the work and raises `conflict` for the reload/overwrite choice.
   */
  async save(opts: { overwrite?: boolean } = {}): Promise<SaveResult | null> {
    if (this.#snap.saving) return null;
    const revision = this.history.revision;
    const document = this.history.document;
    const title = this.#snap.title.trim() || untitledSpaceTitle(new Date());
    this.#set({ saving: true, title });
    try {
      let { sceneId, baseVersion } = this.#snap;
      let created = false;
      const fields: SaveFields = { title, spaceTemplateId: this.#snap.spaceTemplateId };
      const step = metadataStep(sceneId, this.#savedFields, fields);
      if (step === 'patch' && sceneId) {
        await patchSceneMetadata(sceneId, fields);
        this.#savedFields = fields;
      } else if (step === 'create' || !sceneId) {
        const meta = await createSceneMetadata(fields);
        sceneId = meta.sceneId;
        baseVersion = meta.contentVersion;
        created = true;
        this.#savedFields = fields;
        this.#set({ sceneId, baseVersion });
      }
      if (opts.overwrite && this.#snap.conflict) baseVersion = this.#snap.conflict.currentVersion;
      const saved = await putSceneContent(sceneId, baseVersion, document);
      this.#savedRevision = revision;
      this.#titleDirty = false;
      this.#set({ baseVersion: saved.contentVersion, conflict: null, lastSavedAt: Date.now() });
      this.#sync();
      const oldKey = this.#recoveryKey;
      if (created) this.#recoveryKey = oldKey.replace(/:new$/, `:${sceneId}`);
      if (!this.#snap.dirty) await clearRecovery(oldKey).catch(() => {});
      return { sceneId, created };
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SCENE_VERSION_CONFLICT') {
        this.#set({ conflict: err.details as SceneConflictDetails });
        return null;
      }
      throw err;
    } finally {
      this.#set({ saving: false });
    }
  }

  /** After a conflict: take the server's version and drop local changes. */
  reloadFrom(document: SceneDocument, baseVersion: number, title: string) {
    this.history.reset(document);
    this.#savedFields = { ...this.#savedFields, title };
    this.#savedRevision = this.history.revision;
    this.#titleDirty = false;
    void this.engine.load(document).then(() => this.engine.setMode('editor'));
    this.#set({ baseVersion, title, conflict: null });
    this.#sync();
    void clearRecovery(this.#recoveryKey).catch(() => {});
  }

  dismissConflict() {
    this.#set({ conflict: null });
  }

  // ---------- crash recovery ----------

  #scheduleMirror() {
    if (this.#mirrorTimer) clearTimeout(this.#mirrorTimer);
    this.#mirrorTimer = setTimeout(() => void this.mirrorNow(), 500);
  }

  /** Writes the working copy to IndexedDB (debounced after each change). */
  async mirrorNow(): Promise<void> {
    this.#mirrorTimer = null;
    if (!this.#snap.dirty) return;
    await writeRecovery(this.#recoveryKey, {
      document: this.history.document,
      title: this.#snap.title,
      baseVersion: this.#snap.baseVersion,
      savedAt: new Date().toISOString(),
      owner: this.owner,
    }).catch((err: unknown) => console.warn('[editor] could not mirror the working copy', err));
  }

  dispose() {
    if (this.#mirrorTimer) {
      clearTimeout(this.#mirrorTimer);
      void this.mirrorNow();
    }
    this.#cleanups.forEach((fn) => fn());
    this.tools.dispose();
  }
}

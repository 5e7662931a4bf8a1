import type { PlacedItemKind, PortalTarget, SceneDocument, Vec3 } from '@atrium/shared';
import type { FilteringMode, QualityPreset } from './quality.ts';

export type EngineMode = 'editor' | 'viewer' | 'inspector';
export type CameraMode = 'player' | 'orbit' | 'fly';

/**
 * Spec §4 lifecycle, in order. `created` → renderer up → `ready` (reported) → `configured`
 * (startup settings applied, shaders prewarmed) → `readyForModeChange` → `modeSet` →
 * `readyForInput`. `unloaded` is terminal.
 */
export type Lifecycle = 'created' | 'ready' | 'configured' | 'readyForModeChange' | 'modeSet' | 'readyForInput' | 'unloaded';

export interface LoadProgress { loadedBytes: number; totalBytes: number; loadedItems: number; totalItems: number }

export interface TourState { tourId: string; index: number; count: number; playing: boolean }

export interface EngineState {
  lifecycle: Lifecycle;
  mode: EngineMode | null;
  cameraMode: CameraMode;
  selection: readonly string[];
  progress: LoadProgress;
  quality: QualityPreset;
  filtering: FilteringMode;
  tour: TourState | null;
  pointerLocked: boolean;
  /** True once every item has loaded or failed; the first frame comes long before this. */
  fullyLoaded: boolean;
}

export interface ItemRef { id: string; kind: PlacedItemKind }

export interface EngineEvents extends Record<string, unknown> {
  ready: { lifecycle: Lifecycle };
  lifecycleChanged: { lifecycle: Lifecycle };
  progress: LoadProgress;
  loaded: { items: number; failed: number };
  modeChanged: { mode: EngineMode; previous: EngineMode | null };
  cameraModeChanged: { cameraMode: CameraMode };
  selectionChanged: { selection: readonly string[] };
  documentChanged: { document: SceneDocument };
  error: { message: string; cause?: unknown; itemId?: string };
  itemActivated: ItemRef & { title: string; description: string; item: unknown };
  portal: { portalId: string; target: PortalTarget };
  tourProgress: { tourId: string; index: number; count: number; pointId: string; title: string; description: string; audioUri?: string };
  tourEnded: { tourId: string };
  teleported: { position: Vec3; rotation: Vec3 };
  /** A placed model finished loading; `clips` names its animation clips (empty when it has none). */
  modelClips: { itemId: string; clips: readonly string[] };
}

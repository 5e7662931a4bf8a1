import type { Intersection } from 'three';
import type { PlacedItem } from '@atrium/shared';
import type { EngineMode, ItemRef, CameraMode } from '../core/types.ts';
import { itemTagOf } from '../items/context.ts';
import { Selection } from './selection.ts';

/** What a plain click (no drag) does. */
export type ClickAction =
  | { kind: 'select'; ids: string[] }
  | { kind: 'toggleVideo'; video: HTMLVideoElement }
  | { kind: 'activate'; item: ItemRef & { title: string; description: string; item: PlacedItem } }
  | { kind: 'lockPointer' }
  | { kind: 'none' };

export interface ClickState {
  mode: EngineMode | null;
  cameraMode: CameraMode;
  selection: readonly string[];
  mobile: boolean;
}

/**
 * Decides what a click does: in the editor and inspector it selects (shift adds or removes); in the
 * viewer it plays or pauses a video screen, opens an activatable item, or (on the world, walking,
 * on a desktop) captures the mouse for looking, as games do.
 */
export function clickAction(
  hit: Intersection | null, center: boolean, additive: boolean, state: ClickState,
  lookup: { video(id: string): HTMLVideoElement | undefined; item(ref: ItemRef): PlacedItem | undefined },
): ClickAction {
  const tag = hit ? itemTagOf(hit.object) : null;
  const id = hit ? Selection.idOf(hit) : null;
  if (state.mode === 'editor' || state.mode === 'inspector') {
    if (!id) return additive ? { kind: 'none' } : { kind: 'select', ids: [] };
    if (!additive) return { kind: 'select', ids: [id] };
    return { kind: 'select', ids: state.selection.includes(id) ? state.selection.filter((s) => s !== id) : [...state.selection, id] };
  }
  if (tag && id && tag.activatable) {
    const video = lookup.video(id);
    const item = lookup.item({ id, kind: tag.kind });
    if (video && !(item && 'popUp' in item && item.popUp)) return { kind: 'toggleVideo', video };
    if (!item) return { kind: 'none' };
    return { kind: 'activate', item: { id, kind: tag.kind, title: item.title, description: item.description, item } };
  }
  return state.cameraMode === 'player' && !center && !state.mobile ? { kind: 'lockPointer' } : { kind: 'none' };
}

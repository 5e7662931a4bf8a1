export { Engine, type EngineOptions, type StartupSettings } from './engine.ts';
export { chosenClipIndex, type ModelAnimationInfo } from './items/modelAnimation.ts';
export type {
  CameraMode, EngineEvents, EngineMode, EngineState, ItemRef, Lifecycle, LoadProgress, TourState,
} from './core/types.ts';
export { QUALITY, QUALITY_PRESETS, FILTERING_MODES, type FilteringMode, type QualityPreset, type QualitySettings } from './core/quality.ts';
export type { Store } from './core/store.ts';
export type { MapBounds, MapInfo } from './map.ts';
export { mapInfo, sceneBounds } from './map.ts';
export type { TourPlayer } from './tours.ts';
export { keyboardBlockedBy } from './controls/input.ts';
export * as builder from './builder/index.ts';
export * from './editor/index.ts';
export { AvatarLayer, animationForSpeed, type LocalPose, type RemoteAvatar } from './avatars/index.ts';

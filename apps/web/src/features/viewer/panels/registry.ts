import type { ComponentType } from 'react';
import type { Engine } from '@atrium/engine';
import type { EmbedFlags, SceneDocument, SceneMetadata } from '@atrium/shared';
import type { ViewerPrefs } from '../useViewerPrefs.ts';

// Viewer sidebars (spec §2 Viewer) are registered, not switched on: later features (chat, events,
// live visitors, emotes) add themselves with `registerViewerPanel` without touching the viewer page.

export interface ViewerContext {
  sceneId: string;
  engine: Engine;
  document: SceneDocument;
  metadata: SceneMetadata;
  embedded: boolean;
  flags: EmbedFlags;
  prefs: ViewerPrefs;
  /** The element that goes fullscreen (canvas and overlays together). */
  stage: HTMLElement | null;
  /** Switches the side panel to another one (the creator card's Chat opens the Chat sidebar). */
  openPanel?(id: string): void;
}

export interface PanelProps {
  ctx: ViewerContext;
  close(): void;
}

export interface ViewerPanel {
  id: string;
  /** Button label and panel heading; also the button's aria-label. */
  label: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** Toolbar position, low first. */
  order: number;
  /** Sidebars slide in beside the scene; modals cover it (Share). */
  presentation: 'sidebar' | 'modal';
  /** Hidden when communications are off (embedded without showCommunications=1, or disabled by the space). */
  communications?: boolean;
  available?(ctx: ViewerContext): boolean;
  /** A count shown on the toolbar button (unread chat); a hook, called with whether the panel is open. */
  useBadge?(open: boolean): number;
  Component: ComponentType<PanelProps>;
}

const panels = new Map<string, ViewerPanel>();
const listeners = new Set<() => void>();
let snapshot: readonly ViewerPanel[] = [];

export function registerViewerPanel(panel: ViewerPanel): () => void {
  panels.set(panel.id, panel);
  snapshot = [...panels.values()].sort((a, b) => a.order - b.order);
  listeners.forEach((fn) => fn());
  return () => {
    panels.delete(panel.id);
    snapshot = [...panels.values()].sort((a, b) => a.order - b.order);
    listeners.forEach((fn) => fn());
  };
}

export const allViewerPanels = (): readonly ViewerPanel[] => snapshot;

export function subscribeViewerPanels(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The panels this visitor gets here, in toolbar order. */
export function visiblePanels(all: readonly ViewerPanel[], ctx: ViewerContext): ViewerPanel[] {
  return all.filter((p) => (!p.communications || ctx.flags.showCommunications) && (p.available?.(ctx) ?? true));
}

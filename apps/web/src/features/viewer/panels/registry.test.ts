import { describe, expect, it } from 'vitest';
import { allViewerPanels, registerViewerPanel, visiblePanels, type ViewerContext, type ViewerPanel } from './registry.ts';

const panel = (id: string, order: number, extra: Partial<ViewerPanel> = {}): ViewerPanel => ({
  id, label: id, order, presentation: 'sidebar', icon: () => null, Component: () => null, ...extra,
});

describe('viewer panel registry', () => {
  it('orders panels, lets later features add and remove theirs, and hides communications when off', () => {
    const off = [
      registerViewerPanel(panel('z-last', 99)),
      registerViewerPanel(panel('a-first', 1)),
      registerViewerPanel(panel('chat', 50, { communications: true })),
      registerViewerPanel(panel('paths', 40, { available: (c) => c.document.guidedTours.length > 0 })),
    ];
    expect(allViewerPanels().map((p) => p.id)).toEqual(['a-first', 'paths', 'chat', 'z-last']);
    const ctx = (showCommunications: boolean) =>
      ({ flags: { showSignIn: false, showCommunications }, document: { guidedTours: [] } }) as unknown as ViewerContext;
    expect(visiblePanels(allViewerPanels(), ctx(true)).map((p) => p.id)).toEqual(['a-first', 'chat', 'z-last']);
    expect(visiblePanels(allViewerPanels(), ctx(false)).map((p) => p.id)).toEqual(['a-first', 'z-last']);
    off.forEach((fn) => fn());
    expect(allViewerPanels()).toEqual([]);
  });
});

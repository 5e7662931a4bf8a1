import { DoubleSide, Group, Mesh, MeshBasicMaterial, NoBlending, PlaneGeometry } from 'three';
import { CSS3DObject } from 'three/examples/jsm/renderers/CSS3DRenderer.js';
import type { WebView3d } from '@atrium/shared';
import { tagItem, type ItemContext } from './context.ts';

// Sandboxed: scripts and forms run, but the page cannot reach the engine's origin or navigate the top window.
export const WEBVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups allow-presentation';

/**
 * A live web page on a wall via CSS3DRenderer. The WebGL side draws a transparent "hole" mesh
 * so the page shows where it should and the mesh still takes part in picking and collisions.
 */
export function buildWebView(w: WebView3d, ctx: ItemContext): Group {
  const group = new Group();
  tagItem(group, 'webViews3d', w, false);
  // A flat plane: one pass for both faces draws the same (see texts.ts).
  const hole = new Mesh(new PlaneGeometry(w.width, w.height), new MeshBasicMaterial({ color: 0x000000, opacity: 0, transparent: true, blending: NoBlending, side: DoubleSide, forceSinglePass: true }));
  group.add(hole);
  if (ctx.canUseDom) {
    const pxW = w.pixelWidth;
    const pxH = Math.round((pxW * w.height) / w.width);
    const iframe = document.createElement('iframe');
    iframe.src = w.url;
    iframe.setAttribute('sandbox', WEBVIEW_SANDBOX);
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.setAttribute('loading', 'lazy');
    iframe.title = w.title || 'Web view';
    Object.assign(iframe.style, { width: `${pxW}px`, height: `${pxH}px`, border: '0', background: '#fff', pointerEvents: 'auto' });
    const css = new CSS3DObject(iframe);
    css.scale.setScalar(w.width / pxW);
    css.position.z = 0.005;
    group.add(css);
    group.userData.css3d = css;
  }
  ctx.tracker.itemDone();
  return group;
}

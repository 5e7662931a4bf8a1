import { AdditiveBlending, CanvasTexture, CircleGeometry, SRGBColorSpace, Color, DoubleSide, Group, Mesh, MeshBasicMaterial, MeshStandardMaterial, TorusGeometry } from 'three';
import type { InfoPoint, Portal } from '@atrium/shared';
import { tagItem, type ItemContext } from './context.ts';

/** An upright glowing ring; walking into it fires the engine's `portal` event. */
export function buildPortal(p: Portal, ctx: ItemContext): Group {
  const group = new Group();
  tagItem(group, 'portals', p, false);
  const color = new Color(p.color);
  const ring = new Mesh(
    new TorusGeometry(p.radius, 0.06, 12, 48),
    new MeshStandardMaterial({ color, emissive: color, emissiveIntensity: 1.2, roughness: 0.3 }),
  );
  ring.position.y = p.radius + 0.1;
  const veil = new Mesh(
    new CircleGeometry(p.radius, 48),
    // A flat disc, added light: one pass for both faces (see texts.ts) draws the same.
    new MeshBasicMaterial({ color, transparent: true, opacity: 0.35, side: DoubleSide, depthWrite: false, blending: AdditiveBlending, forceSinglePass: true }),
  );
  veil.position.y = ring.position.y;
  group.add(ring, veil);
  ctx.animate(group, (t) => {
    (veil.material as MeshBasicMaterial).opacity = 0.25 + 0.15 * Math.sin(t * 2.5);
    ring.rotation.z = t * 0.4;
  });
  ctx.tracker.itemDone();
  return group;
}

/** A floating "i" marker; clicking it fires `itemActivated` so the UI shows the pop-up. */
export function buildInfoPoint(p: InfoPoint, ctx: ItemContext): Group {
  const group = new Group();
  tagItem(group, 'infoPoints', p, true);
  const color = new Color(p.color);
  const disc = new Mesh(new CircleGeometry(0.18, 32), new MeshBasicMaterial({ color, side: DoubleSide }));
  const holder = new Group();
  holder.add(disc);
  if (ctx.canUseDom) {
    const c = document.createElement('canvas');
    c.width = c.height = 128;
    const g = c.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.font = 'bold 96px Georgia, serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText('i', 64, 70);
    const glyph = new Mesh(new CircleGeometry(0.18, 32), new MeshBasicMaterial({ transparent: true, side: DoubleSide, depthWrite: false, forceSinglePass: true }));
    const tex = new CanvasTexture(c);
    tex.colorSpace = SRGBColorSpace;
    (glyph.material as MeshBasicMaterial).map = tex;
    glyph.position.z = 0.002;
    holder.add(glyph);
  }
  group.add(holder);
  const baseY = 0;
  ctx.animate(group, (t) => {
    holder.position.y = baseY + Math.sin(t * 2) * 0.05;
  });
  ctx.tracker.itemDone();
  return group;
}

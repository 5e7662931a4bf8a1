import { CanvasTexture, DoubleSide, Group, LinearFilter, Mesh, MeshBasicMaterial, PlaneGeometry, SRGBColorSpace } from 'three';
import type { Text3d } from '@atrium/shared';
import { tagItem, type ItemContext } from './context.ts';

// fontSize 60 (the spec default) is a comfortable 0.3 m cap height on a gallery wall.
const METRES_PER_FONT_UNIT = 0.3 / 60;
const PX_PER_FONT_UNIT = 2;

function styled(text: string, styles: readonly string[]): string {
  if (styles.includes('upperCase')) return text.toUpperCase();
  if (styles.includes('lowerCase')) return text.toLowerCase();
  return text;
}

/** Text drawn to a canvas texture; crisp enough at gallery distances and one draw call per text. */
export function buildText3d(t: Text3d, ctx: ItemContext): Group {
  const group = new Group();
  tagItem(group, 'texts3d', t, Boolean(t.hyperlink));
  if (!ctx.canUseDom) { ctx.tracker.itemDone(); return group; }
  const px = Math.max(16, Math.round(t.fontSize * PX_PER_FONT_UNIT));
  const font = `${t.fontStyles.includes('italic') ? 'italic ' : ''}${t.fontStyles.includes('smallCaps') ? 'small-caps ' : ''}${t.fontStyles.includes('bold') ? 'bold ' : ''}${px}px ${t.font ? `"${t.font}", ` : ''}Urbanist, "Helvetica Neue", Arial, sans-serif`;
  const lines = styled(t.text, t.fontStyles).split('\n');
  const c = document.createElement('canvas');
  const g = c.getContext('2d')!;
  g.font = font;
  const pad = Math.ceil(px * 0.25 + t.outlineWidth * px + (t.dropShadow ? px * 0.15 : 0));
  const lineH = Math.ceil(px * 1.25);
  const width = Math.ceil(Math.max(1, ...lines.map((l) => g.measureText(l).width))) + pad * 2;
  const height = lineH * lines.length + pad * 2;
  c.width = width; c.height = height;
  g.font = font;
  g.textBaseline = 'middle';
  g.textAlign = t.horizontalAlignment;
  const x = t.horizontalAlignment === 'left' ? pad : t.horizontalAlignment === 'right' ? width - pad : width / 2;
  lines.forEach((line, i) => {
    const y = pad + lineH * (i + 0.5);
    if (t.dropShadow) { g.shadowColor = 'rgba(0,0,0,0.45)'; g.shadowOffsetX = g.shadowOffsetY = px * 0.06; g.shadowBlur = px * 0.1; }
    if (t.outlineWidth > 0) {
      g.lineWidth = t.outlineWidth * px;
      g.strokeStyle = t.outlineColor;
      g.lineJoin = 'round';
      g.strokeText(line, x, y);
    }
    g.fillStyle = t.colorTint;
    g.fillText(line, x, y);
    g.shadowColor = 'transparent';
    if (t.fontStyles.includes('underline')) {
      const w = g.measureText(line).width;
      const x0 = t.horizontalAlignment === 'left' ? x : t.horizontalAlignment === 'right' ? x - w : x - w / 2;
      g.fillRect(x0, y + px * 0.45, w, Math.max(1, px * 0.06));
    }
  });
  const tex = new CanvasTexture(c);
  tex.colorSpace = SRGBColorSpace;
  tex.minFilter = LinearFilter;
  tex.generateMipmaps = false;
  const scale = METRES_PER_FONT_UNIT / PX_PER_FONT_UNIT;
  const w = width * scale, h = height * scale;
  // One pass for both faces (forceSinglePass): three draws a see-through double-sided material as
  // back faces then front faces, two programs and two draw calls, which only matters for closed
  // shapes; a flat text shows one face at a time either way.
  const mesh = new Mesh(new PlaneGeometry(w, h), new MeshBasicMaterial({ map: tex, transparent: true, side: DoubleSide, depthWrite: false, forceSinglePass: true }));
  // Alignment anchors the text block on the item position, as in the editor's text tool.
  mesh.position.x = t.horizontalAlignment === 'left' ? w / 2 : t.horizontalAlignment === 'right' ? -w / 2 : 0;
  mesh.position.y = t.verticalAlignment === 'top' ? -h / 2 : t.verticalAlignment === 'bottom' ? h / 2 : 0;
  group.add(mesh);
  ctx.tracker.itemDone();
  return group;
}

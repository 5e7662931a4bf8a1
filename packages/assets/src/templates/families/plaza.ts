import { addInfo, addLevel, addProp, addText, addTour, createDraft, finishDraft, hangArtwork, placeGrid, rectRoom, stairsToEdge, type StairFit } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';

const TERRACE_H = 1.2;
const TERRACE_STAIRS: StairFit = { width: 3, stepCount: 8, stepDepth: 0.35, rise: TERRACE_H };

export const plaza: FamilyDefinition = {
  id: 'outdoor-plaza',
  title: 'Outdoor Plaza',
  description: 'An open-air stone plaza with a fountain, trees, benches and a café kiosk, and a raised lawn terrace reached by broad steps.',
  sizes: [
    { size: 'S', w: 20, d: 20, price: 400, tier: 'Standard' },
    { size: 'M', w: 30, d: 30, price: 800, tier: 'Standard' },
    { size: 'L', w: 40, d: 40, price: 1500, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft(size === 'S' ? 'noon' : size === 'M' ? 'sunset' : 'hdri-park');
    const x0 = -w / 2, x1 = w / 2, z0 = -d / 2;
    const terraceD = size === 'S' ? 5 : 7;
    const edge = z0 + terraceD;
    // The paving is the plaza; no enclosing walls, only the terrace's retaining walls and a kiosk.
    const ground = { id: 'plaza-floor', polygon: [[x0, z0], [x1, z0], [x1, d / 2], [x0, d / 2]] as [number, number][], materialId: 'paving' };
    const retaining = [
      { id: 'terrace-front', start: [x0, edge] as [number, number], end: [x1, edge] as [number, number], height: TERRACE_H, thickness: 0.3, materialId: 'travertine', openings: [] },
      { id: 'terrace-back', start: [x1, z0] as [number, number], end: [x0, z0] as [number, number], height: TERRACE_H, thickness: 0.3, materialId: 'travertine', openings: [] },
      { id: 'terrace-east', start: [x1, edge] as [number, number], end: [x1, z0] as [number, number], height: TERRACE_H, thickness: 0.3, materialId: 'travertine', openings: [] },
      { id: 'terrace-west', start: [x0, z0] as [number, number], end: [x0, edge] as [number, number], height: TERRACE_H, thickness: 0.3, materialId: 'travertine', openings: [] },
    ];
    const kiosk = rectRoom(4, 3, {
      id: 'kiosk', cx: w / 2 - 3.5, cz: d / 2 - 4, height: 3, thickness: 0.15, wallMaterial: 'wood-slats',
      openings: { west: [{ kind: 'door', type: 'Single', at: 0, height: 2.1 }], north: [{ kind: 'window', type: 'Single', at: 0, width: 2.4, height: 1.0, sill: 1.0 }] },
    });
    addLevel(draft, {
      id: 'ground', name: 'Plaza', walls: [...retaining, ...kiosk.walls], floors: [ground],
      stairs: [stairsToEdge('terrace-steps', 'Straight', 0, edge + 0.15, TERRACE_STAIRS, { materialId: 'travertine' })],
    });
    addLevel(draft, {
      id: 'terrace', name: 'Terrace', elevation: TERRACE_H,
      walls: [
        { id: 'terrace-rail-w', start: [x0 + 0.15, z0 + 0.15], end: [x0 + 0.15, edge], height: 1, thickness: 0.06, materialId: 'metal-black', openings: [] },
        { id: 'terrace-rail-e', start: [x1 - 0.15, edge], end: [x1 - 0.15, z0 + 0.15], height: 1, thickness: 0.06, materialId: 'metal-black', openings: [] },
        { id: 'terrace-rail-n', start: [x1 - 0.15, z0 + 0.15], end: [x0 + 0.15, z0 + 0.15], height: 1, thickness: 0.06, materialId: 'metal-black', openings: [] },
      ],
      floors: [{ id: 'terrace-lawn', polygon: [[x0, z0], [x1, z0], [x1, edge], [x0, edge]], materialId: 'grass' }],
    });
    draft.materialOverrides.push({ targetId: 'kiosk-wall-north', tint: '#e9dccb' });

    // Fountain at the heart, benches facing it, trees in a loose ring.
    const fz = (edge + d / 2) / 2 - 1;
    addProp(draft, 'fountain', 0, fz, { scale: size === 'S' ? 0.8 : 1 });
    const ring = size === 'S' ? 4.2 : 5.5;
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2 + Math.PI / 4;
      addProp(draft, 'bench-park', Math.sin(a) * ring, fz + Math.cos(a) * ring, { yaw: a + Math.PI });
    }
    const treeX = w / 2 - 2.5;
    const treeRows = size === 'S' ? 2 : size === 'M' ? 3 : 4;
    placeGrid(draft, 'tree', -treeX, fz, 1, treeRows, 0, (d / 2 - edge - 4) / treeRows);
    placeGrid(draft, 'tree', treeX - (size === 'S' ? 0 : 4), fz - 2, 1, Math.max(1, treeRows - 1), 0, (d / 2 - edge - 4) / treeRows);
    placeGrid(draft, 'street-lamp', 0, d / 2 - 1.2, size === 'S' ? 3 : 5, 1, w / (size === 'S' ? 3.5 : 5.5), 0);
    placeGrid(draft, 'bollard', 0, d / 2 - 0.4, size === 'S' ? 6 : 10, 1, 1.6, 0);
    // Café by the kiosk.
    const cx = w / 2 - 7, cz = d / 2 - (size === 'S' ? 3.2 : 4);
    addProp(draft, 'parasol', cx, cz - 0.75);
    addProp(draft, 'table-cafe', cx, cz);
    addProp(draft, 'chair-dining', cx - 0.7, cz, { yaw: Math.PI / 2 });
    addProp(draft, 'chair-dining', cx + 0.7, cz, { yaw: -Math.PI / 2 });
    addProp(draft, 'sign-board', w / 2 - 6, d / 2 - 1.8, { yaw: 0.3 });
    addProp(draft, 'trash-bin', -3, d / 2 - 1.5);
    addProp(draft, 'sign-arrow', -w / 2 + 3, d / 2 - 3);
    // Terrace: a lawn with trees, planters and a shaded bench.
    const conifers = size === 'S' ? [-8, 8] : [-w / 2 + 2, -w / 4, w / 4, w / 2 - 2];
    conifers.forEach((x) => addProp(draft, 'tree-conifer', x, z0 + 1.5, { y: TERRACE_H }));
    addProp(draft, 'planter-box', -3.5, z0 + 1, { y: TERRACE_H });
    addProp(draft, 'planter-box', 3.5, z0 + 1, { y: TERRACE_H });
    addProp(draft, 'bench', -3.5, z0 + 2.2, { y: TERRACE_H });
    addProp(draft, 'bush', 3.5, z0 + 2.2, { y: TERRACE_H });
    hangArtwork(draft, kiosk.room, 'south', 0, 'waves-sea', { height: 1.0, y: 1.7, frame: '#f3efe6' });

    addText(draft, [-w / 4, TERRACE_H / 2, edge + 0.2], 0, 'THE PLAZA', { color: '#3a3530', fontSize: 70 });
    addInfo(draft, 0, 1.5, fz + (size === 'S' ? 2.6 : 3.2), 'The fountain', 'Meet friends here. Steps to the lawn terrace are behind the fountain.');
    addTour(draft, 'Plaza stroll', 'A loop around the square.', [
      [0, d / 2 - 2.5, 0, 'Arrival', 'The fountain and the terrace beyond.'],
      [cx - 1.5, cz - 1.5, -Math.PI / 2, 'Café', 'Coffee in the shade.'],
      [0, edge + 4.8, 0, 'Terrace steps', 'Climb up to the lawn.'],
    ]);
    draft.start = { position: [0, 0, d / 2 - 2.5], yaw: 0 };
    return finishDraft(draft, id, size);
  },
};

import { addInfo, addLevel, addProp, addTitle, addTour, createDraft, finishDraft, hangArtwork, placeGrid, rectRoom, spread } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';
import { addCeilingLights, addMezzanineStorey, addRoomCeiling } from './common.ts';

export const showroom: FamilyDefinition = {
  id: 'showroom',
  title: 'Brand Showroom',
  description: 'A bright retail showroom behind a panoramic shop front: painted brick, polished concrete, vitrines, display tables, a reception desk and a lounge corner.',
  sizes: [
    { size: 'S', w: 12, d: 10, price: 350, tier: 'Standard' },
    { size: 'M', w: 18, d: 12, price: 700, tier: 'Standard' },
    { size: 'L', w: 24, d: 16, price: 1300, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft('noon');
    const front = w >= 18 ? [-w / 4 - 1, w / 4 + 1] : [-w / 4 - 0.5, w / 4 + 0.5];
    const { room, walls, floor } = rectRoom(w, d, {
      id: 'showroom', wallMaterial: 'brick-white', floorMaterial: 'polished-concrete',
      openings: {
        south: [{ kind: 'door', type: 'Double' }, ...front.map((at) => ({ kind: 'window' as const, type: 'Panoramic' as const, at, width: w / 2 - 3.5 }))],
        west: [{ kind: 'door', type: 'Single', at: -d / 2 + 2 }],
        east: [{ kind: 'window', type: 'Single', at: 0 }],
      },
    });
    const ground = addLevel(draft, { id: 'ground', name: 'Shop floor', walls, floors: [floor], stairs: [] });
    draft.materialOverrides.push({ targetId: 'showroom-wall-north', materialId: 'wood-slats' });

    addProp(draft, 'reception-desk', -w / 2 + 3, -d / 2 + 2.2, { yaw: 0 });
    addProp(draft, 'sign-totem', -2.2, d / 2 - 1.6);
    // Tables shift east so the west stairs of M/L keep a clear run.
    placeGrid(draft, 'display-table', size === 'S' ? 0 : 1.5, size === 'S' ? -1 : 0.5, size === 'S' ? 2 : 3, 1, 3.2, 0);
    placeGrid(draft, 'vitrine-tall', 1, -d / 2 + 0.6, size === 'S' ? 3 : 5, 1, 1.1, 0);
    addProp(draft, 'shelf-wall', w / 2 - 1.2, -d / 2 + 2.5, { yaw: -Math.PI / 2 });
    // Lounge corner by the shop window.
    const lx = w / 2 - 3.5, lz = d / 2 - 3;
    addProp(draft, 'rug-round', lx, lz);
    addProp(draft, 'sofa-velvet', lx, lz - 1.1);
    addProp(draft, 'chair-lounge', lx - 1.6, lz + 0.4, { yaw: Math.PI / 2 });
    addProp(draft, 'table-side', lx, lz);
    addProp(draft, 'lamp-floor', lx + 1.3, lz - 1.4);
    addProp(draft, 'plant', w / 2 - 0.7, d / 2 - 0.7);
    addProp(draft, 'plant-snake', -w / 2 + 0.6, d / 2 - 0.6);
    hangArtwork(draft, room, 'west', d / 2 - 3.2, 'bauhaus-blue', { height: 1.1 });

    if (size !== 'S') {
      addMezzanineStorey(draft, room, ground, { depth: 4, stairType: 'LRight', exitX: -w / 2 + 1.8, floorMaterial: 'oak', railMaterial: 'white' }, { wallMaterial: 'brick-white', openings: { south: spread(3, w, { kind: 'window', type: 'Top' }) } });
      placeGrid(draft, 'display-table', 2, -d / 2 + 2, 2, 1, 3.5, 0, { y: 4 });
      addProp(draft, 'plant-tall', w / 2 - 1, -d / 2 + 1, { y: 4 });
    }

    addTitle(draft, room, 'north', -w / 4, 'SHOWROOM', { y: size === 'S' ? 3.1 : 3.3 });
    addInfo(draft, 0, 1.3, 2, 'New collection', 'Click any product to learn more. Staff are at the reception desk.');
    addTour(draft, 'Store walk', 'From the shop window to the lounge.', [
      [0, d / 2 - 1.4, 0, 'Shop front', 'Panoramic windows and the first display.'],
      [1, -d / 2 + 3, 0, 'Vitrines', 'The signature pieces.'],
      [w / 2 - 6, d / 2 - 2.5, -Math.PI / 2, 'Lounge', 'Take a seat and browse.'],
    ]);
    addCeilingLights(draft, room, addRoomCeiling(draft, room, { materialId: 'white' }), 3, 2, { propId: size === 'L' ? 'lamp-pendant' : 'ceiling-downlight' });
    draft.start = { position: [0, 0, d / 2 - 1.4], yaw: 0 };
    return finishDraft(draft, id, size);
  },
};

import { addInfo, addLevel, addProp, addTitle, addTour, createDraft, finishDraft, hangArtwork, placeGrid, rectRoom, spread } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';
import { addCeilingLights, addMezzanineStorey, addRoomCeiling, stations } from './common.ts';

export const museumHall: FamilyDefinition = {
  id: 'museum-hall',
  title: 'Museum Hall',
  description: 'A stately hall in deep navy with marble floors, classical pedestals, roped-off vitrines and a grand stair to an upper gallery in the larger sizes.',
  sizes: [
    { size: 'S', w: 14, d: 10, price: 450, tier: 'Standard' },
    { size: 'M', w: 20, d: 14, price: 900, tier: 'Premium' },
    { size: 'L', w: 28, d: 18, price: 1600, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft(size === 'S' ? 'overcast' : 'dawn');
    const { room, walls, floor } = rectRoom(w, d, {
      id: 'hall', wallMaterial: 'paint-navy', floorMaterial: 'marble',
      openings: {
        south: [{ kind: 'door', type: 'Double', width: 2.4, height: 3 }, { kind: 'window', type: 'Center', at: -w / 4 }, { kind: 'window', type: 'Center', at: w / 4 }],
        east: [{ kind: 'window', type: 'Panoramic', width: 3 }],
        west: [{ kind: 'door', type: 'Single', at: d / 2 - 1.5 }],
      },
    });
    const ground = addLevel(draft, { id: 'ground', name: 'Hall', walls, floors: [floor], stairs: [] });
    draft.materialOverrides.push({ targetId: 'stairs:*', materialId: 'marble' });

    const art = ['field-ember', 'ridges-dusk', 'squares-ochre', 'field-tide', 'bauhaus-sun', 'arcs-sunrise'];
    const mezzDepth = 4.5;
    const northY = 1.8;
    stations(size === 'S' ? 3 : 4, w - 4).forEach((x, i) => hangArtwork(draft, room, 'north', x, art[i % art.length]!, { height: 1.5, y: northY, frame: '#b8934a' }));
    hangArtwork(draft, room, 'west', d / 2 - 2.5, 'destijl', { height: 1.3, frame: '#b8934a' });

    // A central axis of pedestals, flanked by vitrines behind ropes.
    const rows = size === 'S' ? 1 : 2;
    const axisZ = size === 'S' ? 0.5 : 2;
    placeGrid(draft, 'pedestal-column', 0, axisZ, size === 'L' ? 4 : 3, 1, 3, 0);
    placeGrid(draft, 'sculpture-bust', 0, axisZ, size === 'L' ? 4 : 3, 1, 3, 0, { y: 1.1 });
    placeGrid(draft, 'display-case', -w / 4, axisZ + 2.5, 2, rows, 1.6, 2);
    placeGrid(draft, 'display-case', w / 4, axisZ + 2.5, 2, rows, 1.6, 2);
    // Ropes run in front of the first row of cases.
    const ropeZ = axisZ + 2.5 - (rows - 1) - 0.85;
    addProp(draft, 'stanchion-rope', -w / 4, ropeZ);
    addProp(draft, 'stanchion-rope', w / 4, ropeZ);
    addProp(draft, 'bench-gallery', 0, d / 2 - 3);
    addProp(draft, 'sign-totem', w / 2 - 2.8, d / 2 - 1.2, { yaw: -Math.PI / 6 });
    addProp(draft, 'plant-tall', -w / 2 + 1, d / 2 - 1);
    addProp(draft, 'plant-tall', w / 2 - 1, d / 2 - 1);

    if (size !== 'S') {
      addMezzanineStorey(
        draft, room, ground,
        { depth: mezzDepth, stairType: size === 'M' ? 'Straight' : 'URight', exitX: size === 'M' ? -w / 2 + 2 : w / 2 - 3.2, floorMaterial: 'walnut', railMaterial: 'marble' },
        { wallMaterial: 'paint-navy', openings: { south: spread(4, w, { kind: 'window', type: 'Top', width: 3 }) } },
      );
      stations(3, w - 6).forEach((x, i) => hangArtwork(draft, room, 'north', x, art[(i + 3) % art.length]!, { level: 4, height: 1.4, frame: '#b8934a' }));
      placeGrid(draft, 'vitrine-tall', 0, -d / 2 + 2.5, 3, 1, 3, 0, { y: 4 });
    }

    addTitle(draft, room, 'south', 0, 'MUSEUM HALL', { y: 3.5, color: '#f3efe6' });
    addTitle(draft, room, 'north', 0, 'Collection', { y: size === 'S' ? 3.2 : 3.6, color: '#f3efe6', fontSize: 70 });
    addInfo(draft, 0, 1.6, axisZ + 1.2, 'The collection', 'Busts and objects from the permanent collection. Please stay behind the ropes.');
    addTour(draft, 'Museum highlights', 'Three stops through the hall.', [
      [0, d / 2 - 2, 0, 'Entrance hall', 'The central axis leads to the main wall.'],
      [-w / 4, axisZ + 4.5, Math.PI, 'Vitrines', 'Small objects under glass.'],
      [0, axisZ - 2, 0, 'Main wall', 'Large works framed in gold.'],
      [w / 4, axisZ - 1.5, -Math.PI / 2, 'East light', 'The panoramic window brings in daylight.'],
    ]);
    addCeilingLights(draft, room, addRoomCeiling(draft, room, { materialId: 'plaster' }), size === 'S' ? 3 : 4, size === 'L' ? 2 : 3, { propId: size === 'L' ? 'lamp-pendant' : 'ceiling-downlight' });
    draft.start = { position: [0, 0, d / 2 - 1.6], yaw: 0 };
    return finishDraft(draft, id, size);
  },
};

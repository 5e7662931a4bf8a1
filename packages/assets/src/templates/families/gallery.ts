import { addInfo, addProp, addTitle, addTour, createDraft, finishDraft, hangArtwork, placeGrid, rectRoom, spread, addLevel } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';
import { addCeilingLights, addMezzanineStorey, addRoomCeiling, stations } from './common.ts';

const ART = ['bauhaus-blue', 'field-ember', 'squares-ochre', 'waves-sea', 'ridges-dusk', 'halftone-mint', 'destijl', 'arcs-sunrise', 'field-tide', 'bauhaus-sun'];

export const gallery: FamilyDefinition = {
  id: 'gallery',
  title: 'White Cube Gallery',
  description: 'A calm white gallery with clerestory light, oak or polished concrete floors, benches and plinths. Made for paintings, prints and photography.',
  sizes: [
    { size: 'S', w: 10, d: 8, price: 300, tier: 'Standard' },
    { size: 'M', w: 14, d: 10, price: 600, tier: 'Standard' },
    { size: 'L', w: 20, d: 14, price: 1200, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft(size === 'L' ? 'studio' : 'noon');
    const { room, walls, floor } = rectRoom(w, d, {
      id: 'gallery', wallMaterial: 'white', floorMaterial: size === 'S' ? 'oak' : 'polished-concrete',
      openings: {
        south: [{ kind: 'door', type: 'Double' }],
        east: spread(Math.floor(d / 4), d, { kind: 'window', type: 'Top', width: 2 }),
        west: spread(Math.floor(d / 4), d, { kind: 'window', type: 'Top', width: 2 }),
      },
    });
    const ground = addLevel(draft, { id: 'ground', name: 'Gallery', walls, floors: [floor], stairs: [] });
    draft.materialOverrides.push({ targetId: 'wall:*', tint: '#fbfaf7' });

    let art = 0;
    const next = () => ART[art++ % ART.length]!;
    const north = stations(size === 'S' ? 3 : size === 'M' ? 4 : 5, w - 2);
    north.forEach((x) => hangArtwork(draft, room, 'north', x, next(), { height: 1.3 }));
    // Under an L mezzanine the east wall near the stairs stays clear.
    const sideSpan = size === 'L' ? d / 2 - 1 : d - 2;
    const sideOffset = size === 'L' ? d / 4 : 0;
    stations(size === 'S' ? 2 : 3, sideSpan, sideOffset).forEach((z) => hangArtwork(draft, room, 'west', z, next(), { height: 1.1 }));
    stations(size === 'S' ? 2 : 3, sideSpan, sideOffset).forEach((z) => hangArtwork(draft, room, 'east', z, next(), { height: 1.1 }));
    stations(2, w - 4).forEach((x) => hangArtwork(draft, room, 'south', x, next(), { height: 1 }));

    placeGrid(draft, 'bench-gallery', 0, size === 'L' ? 2.5 : 0.5, size === 'S' ? 1 : 2, 1, 4, 0);
    addProp(draft, 'pedestal', -w / 2 + 2, d / 2 - 2);
    addProp(draft, 'sculpture-stack', -w / 2 + 2, d / 2 - 2, { y: 1 });
    addProp(draft, 'plinth-cylinder', w / 2 - 2, d / 2 - 2);
    addProp(draft, 'sculpture-rings', w / 2 - 2, d / 2 - 2, { y: 1 });
    addProp(draft, 'plant-tall', -w / 2 + 0.8, d / 2 - 0.8);
    addProp(draft, 'plant-snake', -w / 2 + 0.6, -d / 2 + 0.6);
    addProp(draft, 'sign-totem', -w / 2 + 3.4, d / 2 - 0.8, { yaw: Math.PI });
    addProp(draft, 'plant-tall', w / 2 - 0.8, d / 2 - 0.8);
    if (size !== 'S') {
      // Between the first two pictures, so the sculpture never hides a work.
      const px = (north[0]! + north[1]!) / 2;
      addProp(draft, 'plinth-tall', px, -d / 2 + 3);
      addProp(draft, 'sculpture-bust', px, -d / 2 + 3, { y: 1.25 });
      addProp(draft, 'stanchion-rope', 2.5, -d / 2 + 2.2);
    }
    if (size === 'L') {
      addMezzanineStorey(draft, room, ground, { depth: 4, stairType: 'LLeft', exitX: w / 2 - 1.6, floorMaterial: 'oak', railMaterial: 'white' }, { wallMaterial: 'white', openings: { north: spread(3, w, { kind: 'window', type: 'Top', width: 3 }) } });
      hangArtwork(draft, room, 'north', -w / 4, 'bauhaus-sun', { level: 4, height: 1.4 });
      hangArtwork(draft, room, 'north', 0, 'field-tide', { level: 4, height: 1.4 });
      addProp(draft, 'bench-gallery', -w / 4, -d / 2 + 2.5, { y: 4 });
    }

    addTitle(draft, room, 'north', 0, size === 'L' ? 'GALLERY' : 'Gallery', { y: size === 'L' ? 3.4 : 3.1 });
    addInfo(draft, -1.6, 1.4, d / 2 - 2.6, 'Welcome', 'Walk the room clockwise. Click a picture to see it up close.');
    addTour(draft, 'Highlights', 'A short walk past the key works.', [
      [0, d / 2 - 1.5, 0, 'Entrance', 'The whole room at a glance.'],
      [north[0]!, -d / 2 + 3, 0, 'North wall', 'The main series hangs here.'],
      [-w / 2 + 3, 0, Math.PI / 2, 'West wall', 'Smaller works in warm light.'],
    ]);
    // A closed white box: downlights in a grid wash the walls the way a gallery's track would.
    addCeilingLights(draft, room, addRoomCeiling(draft, room, { tint: '#fbfaf7' }), size === 'L' ? 4 : 3, size === 'S' ? 2 : 3);
    draft.start = { position: [0, 0, d / 2 - 1.5], yaw: 0 };
    return finishDraft(draft, id, size);
  },
};

import { addInfo, addLevel, addProp, addTitle, addTour, createDraft, finishDraft, hangArtwork, placeAround, rectRoom, type StairFit } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';
import { addMezzanineStorey, addRoomCeiling } from './common.ts';

// The small loft is too short for a 21-step run, so it gets a steeper ship's-stair flight.
const COMPACT: StairFit = { width: 1.0, stepCount: 16, stepDepth: 0.25, rise: 4 };

export const loft: FamilyDefinition = {
  id: 'loft',
  title: 'Industrial Loft',
  description: 'A double-height brick loft with big windows, a lounge, a dining table and a mezzanine studio up the stairs. Homely and personal.',
  sizes: [
    { size: 'S', w: 10, d: 8, price: 350, tier: 'Standard' },
    { size: 'M', w: 16, d: 12, price: 700, tier: 'Standard' },
    { size: 'L', w: 20, d: 14, price: 1200, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft(size === 'M' ? 'sunset' : size === 'L' ? 'hdri-apartment' : 'dawn');
    const { room, walls, floor } = rectRoom(w, d, {
      id: 'loft', wallMaterial: 'brick-red', floorMaterial: size === 'S' ? 'walnut' : 'herringbone-oak',
      openings: {
        south: [{ kind: 'door', type: 'Single', at: 0 }, { kind: 'window', type: 'Panoramic', at: -w / 4 - 0.3, width: w / 2 - 2.6 }, { kind: 'window', type: 'Panoramic', at: w / 4 + 0.3, width: w / 2 - 2.6 }],
        west: [{ kind: 'window', type: 'Single', at: -d / 4 }, { kind: 'window', type: 'Single', at: d / 4 }],
      },
    });
    const ground = addLevel(draft, { id: 'ground', name: 'Living', walls, floors: [floor], stairs: [] });
    draft.materialOverrides.push({ targetId: 'stairs:*', materialId: 'metal-black' });

    // Lounge on the west, dining on the east, stairs against the east wall.
    const lx = -w / 4, lz = d / 4 - 0.2;
    addProp(draft, 'rug', lx, lz);
    addProp(draft, 'sofa', lx, lz - 1.25);
    addProp(draft, 'table-coffee', lx, lz);
    addProp(draft, 'chair-lounge', lx + 1.9, lz + 0.1, { yaw: -Math.PI / 2 });
    addProp(draft, 'lamp-floor', lx - 1.4, lz - 1.3);
    addProp(draft, 'plant-tall', -w / 2 + 0.7, d / 2 - 0.7);
    const tx = size === 'S' ? 1.4 : w / 4 - 1.8, tz = size === 'S' ? 2 : d / 4 + 0.5;
    addProp(draft, 'table', tx, tz, { yaw: size === 'S' ? 0 : 0 });
    placeAround(draft, 'chair-dining', tx, tz, 1.8, 0.9, 2);
    addProp(draft, 'bookshelf', -w / 4 - 0.6, -d / 2 + 0.3);
    addProp(draft, 'sideboard', -w / 4 + 1.4, -d / 2 + 0.35);
    addProp(draft, 'vase', -w / 4 + 1.1, -d / 2 + 0.35, { y: 0.78 });
    addProp(draft, 'books-stack', -w / 4 + 1.8, -d / 2 + 0.35, { y: 0.78 });
    hangArtwork(draft, room, 'north', -w / 4 + 1.4, 'field-ember', { height: 1.0, y: 1.55 });
    hangArtwork(draft, room, 'west', 0, 'ridges-dusk', { height: 1.0, frame: '#1b1b1b' });

    if (size === 'S') {
      addMezzanineStorey(draft, room, ground, { depth: 3, stairType: 'Straight', exitX: w / 2 - 0.8, floorMaterial: 'walnut', railMaterial: 'concrete', fit: COMPACT }, { wallMaterial: 'brick-red' });
    } else {
      addMezzanineStorey(draft, room, ground, { depth: 4, stairType: size === 'M' ? 'LLeft' : 'ULeft', exitX: size === 'M' ? w / 2 - 1.6 : w / 2 - 1.0, floorMaterial: 'oak', railMaterial: 'concrete' }, { wallMaterial: 'brick-red', openings: { west: [{ kind: 'window', type: 'Center', at: 0 }] } });
    }
    // The mezzanine studio.
    addProp(draft, 'desk', -w / 4, -d / 2 + 0.7, { y: 4 });
    addProp(draft, 'chair-dining', -w / 4, -d / 2 + 1.35, { y: 4, yaw: Math.PI });
    addProp(draft, 'plant', -w / 2 + 0.7, -d / 2 + 0.7, { y: 4 });
    if (size !== 'S') {
      addProp(draft, 'rug', 0, -d / 2 + 2, { y: 4, collisions: 'None' });
      addProp(draft, 'chair-lounge', 0.6, -d / 2 + 2, { y: 4, yaw: -Math.PI / 2 });
      addProp(draft, 'lamp-floor', -0.8, -d / 2 + 1, { y: 4 });
    }
    hangArtwork(draft, room, 'north', w / 4 - 1, 'bauhaus-sun', { level: 4, height: 1.2 });

    addTitle(draft, room, 'west', -d / 4 + (size === 'S' ? 0 : 0), 'Loft', { y: 3.2, color: '#f3efe6', fontSize: 80 });
    addInfo(draft, tx, 1.5, tz - 1.2, 'Make it yours', 'Swap the art, move the sofa, invite friends for dinner.');
    addTour(draft, 'House tour', 'Living, dining and the studio above.', [
      [0, d / 2 - 1.3, 0, 'Front door', 'Light pours in through the panoramic windows.'],
      [lx + 1, lz + 1.8, 0.6, 'Lounge', 'Sofa, rug and reading lamp.'],
      [tx, tz + 1.8, 0, 'Dining', 'Seats four under the pendants.'],
    ]);
    // Raw concrete soffit over the brick, 8 m up; the dining pendants hang from it on long cords.
    const ceilingY = addRoomCeiling(draft, room, { materialId: 'concrete' });
    for (const dx of [-0.5, 0.5]) addProp(draft, 'lamp-pendant-tall', tx + dx, tz, { y: ceilingY - 6, collisions: 'None' });
    draft.start = { position: [0, 0, d / 2 - 1.3], yaw: 0 };
    return finishDraft(draft, id, size);
  },
};

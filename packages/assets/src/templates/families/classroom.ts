import { addInfo, addLevel, addProp, addTitle, addTour, createDraft, finishDraft, hangArtwork, placeAround, placeGrid, rectRoom, spread } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';
import { addCeilingLights, addMezzanineStorey, addRoomCeiling } from './common.ts';

export const classroom: FamilyDefinition = {
  id: 'classroom',
  title: 'Classroom',
  description: 'A friendly classroom with a row of windows, a whiteboard wall, student desks and a reading corner; the large size adds a library gallery.',
  sizes: [
    { size: 'S', w: 9, d: 7, price: 250, tier: 'Standard' },
    { size: 'M', w: 12, d: 9, price: 450, tier: 'Standard' },
    { size: 'L', w: 16, d: 12, price: 900, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft('noon');
    const { room, walls, floor } = rectRoom(w, d, {
      id: 'classroom', wallMaterial: 'paint-sage', floorMaterial: size === 'S' ? 'oak' : size === 'M' ? 'herringbone-oak' : 'carpet-grey',
      openings: {
        east: spread(Math.max(2, Math.floor(d / 3)), d, { kind: 'window', type: 'Single', width: 1.4 }),
        south: [{ kind: 'door', type: 'Single', at: w / 2 - 1.5 }],
      },
    });
    const ground = addLevel(draft, { id: 'ground', name: 'Classroom', walls, floors: [floor], stairs: [] });
    draft.materialOverrides.push({ targetId: 'classroom-wall-north', materialId: 'white' });

    addProp(draft, 'whiteboard', 0, -d / 2 + 0.5);
    addProp(draft, 'desk', -w / 2 + 2.2, -d / 2 + 2, { yaw: Math.PI });
    addProp(draft, 'chair-dining', -w / 2 + 2.2, -d / 2 + 1.35);
    // Students face the board: desks in rows, a chair behind each.
    const cols = size === 'S' ? 3 : size === 'M' ? 4 : 6;
    const rows = size === 'S' ? 2 : size === 'M' ? 3 : 4;
    const gx = size === 'L' ? -1 : 0.3, gz = -d / 2 + 3.6 + ((rows - 1) * 1.5) / 2;
    placeGrid(draft, 'desk-student', gx, gz, cols, rows, 1.6, 1.5);
    placeGrid(draft, 'chair-stacking', gx, gz + 0.6, cols, rows, 1.6, 1.5, { yaw: Math.PI });
    // Reading corner.
    addProp(draft, 'bookshelf', -w / 2 + 0.3, d / 2 - 1.6, { yaw: Math.PI / 2 });
    addProp(draft, 'rug-round', w / 2 - 1.8, d / 2 - 1.6, { scale: 0.7 });
    addProp(draft, 'ottoman', w / 2 - 1.5, d / 2 - 1.3);
    addProp(draft, 'plant', w / 2 - 0.6, -d / 2 + 0.6);
    addProp(draft, 'plant-snake', -w / 2 + 0.5, d / 2 - 0.5);
    hangArtwork(draft, room, 'west', -d / 4, 'halftone-mint', { height: 0.9 });
    hangArtwork(draft, room, 'south', 0, 'arcs-sunrise', { height: 0.9 });

    if (size === 'L') {
      addMezzanineStorey(draft, room, ground, { depth: 4, stairType: 'ULeft', exitX: w / 2 - 1.2, floorMaterial: 'oak', railMaterial: 'wood-slats' }, { wallMaterial: 'paint-sage' });
      placeGrid(draft, 'bookshelf', -w / 4, -d / 2 + 0.3, 4, 1, 1.0, 0, { y: 4 });
      addProp(draft, 'table', -w / 4, -d / 2 + 2.2, { y: 4 });
      placeAround(draft, 'chair-dining', -w / 4, -d / 2 + 2.2, 1.8, 0.9, 2, { y: 4 });
      addProp(draft, 'lamp-floor', w / 4 - 1, -d / 2 + 1, { y: 4 });
    }

    addTitle(draft, room, 'north', 0, 'Class of Tomorrow', { y: 3.0, fontSize: 70 });
    addInfo(draft, 0, 2.2, -d / 2 + 0.8, 'Lesson board', 'Pin today\'s slides or a video next to the whiteboard.');
    addTour(draft, 'Open day', 'A quick look around the classroom.', [
      [-w / 2 + 1.5, d / 2 - 1.2, 0, 'Door', 'Come in and take a seat.'],
      [w / 2 - 1, d / 2 - 3, -Math.PI / 2, 'Windows', 'Daylight falls across the desks.'],
      [-w / 2 + 1.8, d / 2 - 2.6, Math.PI / 2, 'Reading corner', 'Books and a quiet rug.'],
    ]);
    addCeilingLights(draft, room, addRoomCeiling(draft, room, { materialId: 'white' }), 3, 2, { propId: size === 'L' ? 'lamp-pendant' : 'ceiling-downlight', inset: 2 });
    draft.start = { position: [-w / 2 + 1.5, 0, d / 2 - 1.2], yaw: -0.4 };
    return finishDraft(draft, id, size);
  },
};

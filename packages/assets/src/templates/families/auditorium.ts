import { addInfo, addLevel, addProp, addText, addTitle, addTour, createDraft, finishDraft, hangArtwork, placeGrid, rectRoom, spread, stairsToEdge, type StairFit } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';
import { addCeilingLights, addRoomCeiling } from './common.ts';

const STAGE_H = 0.9;
const STAGE_STAIRS: StairFit = { width: 1.2, stepCount: 5, stepDepth: 0.3, rise: STAGE_H };

export const auditorium: FamilyDefinition = {
  id: 'auditorium',
  title: 'Auditorium',
  description: 'A raised stage with a projection screen and lectern facing rows of upholstered seats. For talks, screenings and launches.',
  sizes: [
    { size: 'S', w: 12, d: 14, price: 500, tier: 'Standard' },
    { size: 'M', w: 16, d: 20, price: 1000, tier: 'Premium' },
    { size: 'L', w: 22, d: 26, price: 1800, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft('night');
    const { room, walls, floor } = rectRoom(w, d, {
      id: 'auditorium', wallMaterial: 'dark', floorMaterial: 'carpet-blue',
      openings: {
        south: [{ kind: 'door', type: 'Double', at: -w / 4 }, { kind: 'door', type: 'Double', at: w / 4 }],
        east: [{ kind: 'door', type: 'Single', at: -d / 2 + 6 }, ...spread(2, d / 2, { kind: 'window', type: 'Top', at: 0 }).map((o, i) => ({ ...o, at: d / 8 + i * (d / 4) }))],
        west: spread(Math.floor(d / 6), d, { kind: 'window', type: 'Top', width: 2 }),
      },
    });
    // The stage: a floor one step-run up, held by a front wall flush with its surface.
    const stageDepth = size === 'S' ? 4 : 5;
    const z0 = -d / 2, edge = z0 + stageDepth;
    const x0 = -w / 2, x1 = w / 2;
    const stairsX = w / 2 - 1.4;
    addLevel(draft, {
      id: 'ground', name: 'Hall',
      walls: [...walls, { id: 'stage-front', start: [x0, edge], end: [x1, edge], thickness: 0.2, height: STAGE_H, materialId: 'walnut', openings: [] }],
      floors: [floor],
      stairs: [stairsToEdge('stage-stairs-left', 'Straight', -stairsX, edge + 0.1, STAGE_STAIRS, { materialId: 'walnut' }), stairsToEdge('stage-stairs-right', 'Straight', stairsX, edge + 0.1, STAGE_STAIRS, { materialId: 'walnut' })],
    });
    addLevel(draft, { id: 'stage', name: 'Stage', elevation: STAGE_H, walls: [], floors: [{ id: 'stage-floor', polygon: [[x0, z0], [x1, z0], [x1, edge], [x0, edge]], materialId: 'walnut' }] });

    addProp(draft, 'projector-screen', 0, z0 + 0.8, { y: STAGE_H, scale: size === 'S' ? 0.9 : 1 });
    addProp(draft, 'lectern', w / 4, edge - 1.6, { y: STAGE_H });
    addProp(draft, 'speaker', -w / 2 + 0.8, z0 + 1, { y: STAGE_H });
    addProp(draft, 'speaker', w / 2 - 0.8, z0 + 1, { y: STAGE_H });
    addProp(draft, 'plant-tall', -w / 4 - 1, edge - 1.2, { y: STAGE_H });
    if (size !== 'S') addProp(draft, 'spotlight-rig', -w / 2 + 1.5, z0 + 2.2, { y: STAGE_H, yaw: Math.PI / 2 });

    // Two seat blocks either side of a central aisle, facing the stage.
    const seatW = 0.62, rowD = 1.0;
    const cols = Math.floor((w / 2 - 1.9) / seatW);
    const rows = Math.floor((d - stageDepth - 5) / rowD);
    const blockW = cols * seatW;
    const rowsZ = edge + 2.5 + ((rows - 1) * rowD) / 2;
    for (const side of [-1, 1]) placeGrid(draft, 'theater-seat', side * (0.8 + blockW / 2), rowsZ, cols, rows, seatW, rowD, { yaw: Math.PI });
    for (let z = edge + 2.2; z + 4 < d / 2; z += 4) addProp(draft, 'rug-runner', 0, z + 2, { collisions: 'None' });

    // Posters for the season's programme along the side aisles.
    ['bauhaus-sun', 'field-tide', 'arcs-sunrise'].forEach((art, i) => hangArtwork(draft, room, 'west', edge + 4 + i * ((d / 2 - edge - 6) / 2), art, { height: 1.1, frame: '#c9a254' }));
    addText(draft, [0, STAGE_H / 2, edge + 0.14], 0, 'AUDITORIUM', { color: '#e9e4da', fontSize: 50 });
    addTitle(draft, room, 'south', 0, 'Welcome', { y: 3.2, color: '#e9e4da', fontSize: 60 });
    addInfo(draft, w / 4, STAGE_H + 1.6, edge - 0.6, 'On stage', 'Presenters: the lectern screen shows your notes. Visitors: pick any seat.');
    addTour(draft, 'Venue tour', 'From the doors to the stage.', [
      [0, d / 2 - 1.5, 0, 'Entrance', 'Two double doors lead into the hall.'],
      [0, edge + 2, 0, 'Front row', 'Best view of the screen.'],
      [stairsX, edge + 3, Math.PI / 2, 'Stage stairs', 'Presenters go up here.'],
    ]);
    // A pale ash slatted ceiling (acoustic panels) with house lights in rows: the hall reads as lit.
    addCeilingLights(draft, room, addRoomCeiling(draft, room, { materialId: 'wood-ash' }), 4, 3, { inset: 2.5 });
    draft.start = { position: [0, 0, d / 2 - 1.5], yaw: 0 };
    return finishDraft(draft, id, size);
  },
};

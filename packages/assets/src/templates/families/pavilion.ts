import { addInfo, addLevel, addProp, addTitle, addTour, createDraft, finishDraft, hangArtwork, placeGrid, rectRoom, spread } from '../build/index.ts';
import type { FamilyDefinition } from '../types.ts';
import { addCeilingLights, addMezzanineStorey, addRoomCeiling, stations } from './common.ts';

export const pavilion: FamilyDefinition = {
  id: 'exhibition-pavilion',
  title: 'Exhibition Pavilion',
  description: 'A glass-walled pavilion with terrazzo floors, sculptures on plinths, screens and kiosks — a trade-fair stand or a design exhibition.',
  sizes: [
    { size: 'S', w: 12, d: 12, price: 400, tier: 'Standard' },
    { size: 'M', w: 18, d: 14, price: 850, tier: 'Premium' },
    { size: 'L', w: 24, d: 18, price: 1500, tier: 'Premium' },
  ],
  build({ size, w, d }, id) {
    const draft = createDraft(size === 'S' ? 'hdri-studio' : size === 'M' ? 'noon' : 'overcast');
    const panes = (len: number, n: number) => spread(n, len, { kind: 'window', type: 'Panoramic', width: len / n - 0.8, height: 3.2, sill: 0.3 });
    const south = panes(w, 4).map((o, i) => (i === 1 ? { kind: 'door' as const, type: 'Double' as const, at: o.at!, width: 2 } : o));
    const { room, walls, floor } = rectRoom(w, d, {
      id: 'pavilion', wallMaterial: 'white', floorMaterial: 'terrazzo', thickness: 0.15,
      openings: { south, east: panes(d, Math.round(d / 4)), west: panes(d, Math.round(d / 4)) },
    });
    const ground = addLevel(draft, { id: 'ground', name: 'Exhibition', walls, floors: [floor], stairs: [] });
    draft.materialOverrides.push({ targetId: 'pavilion-wall-north', materialId: 'wood-slats' });

    // A loose grid of plinths carrying sculptures, each a different plinth shape.
    const plinths: [string, string, number][] = [
      ['pedestal', 'sculpture-rings', 1], ['plinth-hex', 'sculpture-stack', 0.95], ['plinth-cylinder', 'sculpture-bust', 1],
      ['plinth-marble', 'vase', 1.05], ['plinth-tall', 'sculpture-rings', 1.25], ['plinth-low', 'sculpture-stack', 0.3],
    ];
    const n = size === 'S' ? 4 : 6;
    const xs = stations(n / 2, w - 7, size === 'S' ? 0 : 1.5);
    plinths.slice(0, n).forEach(([plinth, piece, h], i) => {
      const x = xs[i % xs.length]!, z = i < n / 2 ? -0.5 : 2.5;
      addProp(draft, plinth, x, z, { yaw: (i % 3) * 0.4 });
      addProp(draft, piece, x, z, { y: h });
    });
    addProp(draft, 'tv-stand', w / 4, -d / 2 + 1.2);
    addProp(draft, 'info-kiosk', -w / 4 + 1, d / 2 - 2, { yaw: Math.PI });
    addProp(draft, 'display-case', w / 2 - 1.5, d / 2 - 2.5);
    addProp(draft, 'room-divider', 0, -d / 2 + 2.4);
    addProp(draft, 'sign-totem', -1.6, d / 2 - 1.5);
    addProp(draft, 'spotlight-rig', -w / 2 + 1.8, d / 2 - 3, { yaw: Math.PI / 2 });
    addProp(draft, 'plant-snake', w / 2 - 0.6, -d / 2 + 0.6);
    hangArtwork(draft, room, 'north', -w / 4, 'destijl', { height: 1.4, frame: '#1b1b1b' });
    hangArtwork(draft, room, 'north', 0, 'bauhaus-blue', { height: 1.4, frame: '#1b1b1b' });

    if (size !== 'S') {
      addMezzanineStorey(draft, room, ground, { depth: 4, stairType: 'URight', exitX: -w / 2 + 1.0, floorMaterial: 'terrazzo', railMaterial: 'white' }, { wallMaterial: 'white', openings: { north: spread(3, w, { kind: 'window', type: 'Top', width: 3 }) } });
      placeGrid(draft, 'bench-gallery', 2, -d / 2 + 2, 2, 1, 4, 0, { y: 4 });
      addProp(draft, 'tv-stand', w / 4 + 2, -d / 2 + 0.6, { y: 4 });
    }

    addTitle(draft, room, 'north', w / 4 - 1, 'PAVILION', { y: 3.2 });
    addInfo(draft, 0, 1.5, 1, 'Exhibition guide', 'Every plinth has a story: click a piece to read about it.');
    addTour(draft, 'Design tour', 'The pieces in order.', [
      [0, d / 2 - 1.6, 0, 'Entrance', 'The pavilion opens onto the terrace through glass.'],
      [xs[0]!, 1, 0, 'First plinths', 'Cast, stacked and turned forms.'],
      [w / 4, -d / 2 + 3.2, 0, 'Screening', 'A short film about the makers.'],
    ]);
    addCeilingLights(draft, room, addRoomCeiling(draft, room, { materialId: 'white' }), 4, 3, { inset: 2 });
    draft.start = { position: [0, 0, d / 2 - 1.6], yaw: 0 };
    return finishDraft(draft, id, size);
  },
};

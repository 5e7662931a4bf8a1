import { sceneDocumentV1, type SceneDocument } from '@atrium/shared';
import { addInfo, addLevel, addProp, addText, addTitle, createDraft, finishDraft, rectRoom, spread } from './templates/build/index.ts';
import type { Side } from './templates/build/index.ts';

export { LOBBY_SCENE_ID } from './lobbyId.ts';

export const LOBBY_TITLE = 'Atrium Lobby — step into a featured space';
export const LOBBY_DESCRIPTION =
  'The 3D way into Explore: a hall of portals, one for each featured space, each labelled with where it leads. Walk into a ring (or click it) to visit that space.';
export const LOBBY_TAGS = ['lobby', 'explore', 'featured'];

/** A featured space the lobby opens onto: its id and the title written over its portal. */
export interface LobbyTarget {
  sceneId: string;
  title: string;
}

const W = 16;
const D = 22;
// Per side wall, so the labels (up to ~35 characters) do not run into each other.
const PER_SIDE = 5;
const NORTH_MAX = 3;
/** More featured spaces than this are left out of the hall (the grid lists them all). */
export const LOBBY_MAX_PORTALS = PER_SIDE * 2 + NORTH_MAX;

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Spots along a side, set 2.2 m off the wall, facing the middle of the hall. */
function slots(side: Side, count: number): { x: number; z: number; yaw: number }[] {
  if (count === 0) return [];
  const span = side === 'north' ? W - 6 : D - 8;
  const along = Array.from({ length: count }, (_, i) => -span / 2 + (span / count) * (i + 0.5));
  switch (side) {
    case 'west': return along.map((z) => ({ x: -W / 2 + 2.2, z: z - 1, yaw: Math.PI / 2 }));
    case 'east': return along.map((z) => ({ x: W / 2 - 2.2, z: z - 1, yaw: -Math.PI / 2 }));
    default: return along.map((x) => ({ x, z: -D / 2 + 2.4, yaw: 0 }));
  }
}

/**
 * The lobby's document: a lit hall with a title on the north wall and one portal per featured
 * space down the side walls (then the north wall), each with its target's title above it.
 */
export function buildLobbyDocument(targets: readonly LobbyTarget[]): SceneDocument {
  const shown = targets.slice(0, LOBBY_MAX_PORTALS);
  const west = Math.min(PER_SIDE, Math.ceil(shown.length / 2));
  const east = Math.min(PER_SIDE, shown.length - west);
  const spots = [...slots('west', west), ...slots('east', east), ...slots('north', shown.length - west - east)];

  const draft = createDraft('noon');
  const { room, walls, floor } = rectRoom(W, D, {
    id: 'lobby', wallMaterial: 'white', floorMaterial: 'terrazzo',
    openings: {
      south: [{ kind: 'door', type: 'Double' }],
      east: spread(3, D, { kind: 'window', type: 'Top', width: 3 }),
      west: spread(3, D, { kind: 'window', type: 'Top', width: 3 }),
    },
  });
  addLevel(draft, { id: 'ground', name: 'Lobby', walls, floors: [floor], stairs: [] });
  draft.materialOverrides.push({ targetId: 'lobby-wall-north', materialId: 'paint-sage' });

  addTitle(draft, room, 'north', 0, 'Atrium Lobby', { y: 3.05, fontSize: 170 });
  addTitle(draft, room, 'north', 0, 'Step through a portal to visit a featured space', { y: 2.1, fontSize: 60, color: '#3d4650' });

  // Light: a floor lamp beside every portal, lamp posts at the door and spots along the title wall.
  // (No pendants: the hall is open to the sky, and they would hang in front of the title.)
  for (const x of [-4.5, 4.5]) addProp(draft, 'spotlight-rig', x, -D / 2 + 1.4, { yaw: Math.PI });
  addProp(draft, 'street-lamp', -2.2, D / 2 - 1);
  addProp(draft, 'street-lamp', 2.2, D / 2 - 1);
  addProp(draft, 'rug-runner', 0, 0, { scale: 1.6, collisions: 'None' });
  addProp(draft, 'info-kiosk', 1.6, D / 2 - 3.2, { yaw: Math.PI });
  addProp(draft, 'plant-tall', -W / 2 + 0.8, -D / 2 + 0.8);
  addProp(draft, 'plant-tall', W / 2 - 0.8, -D / 2 + 0.8);
  addProp(draft, 'plant-snake', -W / 2 + 0.7, D / 2 - 0.7);
  addProp(draft, 'plant-snake', W / 2 - 0.7, D / 2 - 0.7);
  addProp(draft, 'bench-gallery', 0, -2.5, { yaw: Math.PI / 2 });

  const portals = shown.map((t, i) => {
    const s = spots[i]!;
    // Beside the ring, toward the wall it stands against, so it never hides the ring.
    const side = s.yaw === 0 ? [1.4, -0.6] : [Math.sign(s.x) * 0.6, 1.4];
    addProp(draft, 'lamp-floor', round(s.x + side[0]!), round(s.z + side[1]!));
    addText(draft, [round(s.x), 2.05, round(s.z)], s.yaw, t.title, { fontSize: 24, color: '#1d6fa3' });
    return {
      id: `lobby-portal-${i + 1}`,
      position: [round(s.x), 0, round(s.z)] as [number, number, number],
      rotation: [0, s.yaw, 0] as [number, number, number],
      title: t.title,
      description: `Step through to visit "${t.title}".`,
      target: { kind: 'scene' as const, sceneId: t.sceneId },
      color: '#3DABFF',
    };
  });

  addInfo(draft, -1.6, 1.4, D / 2 - 3.2, 'Welcome to Atrium',
    'Every ring in this hall is a portal to a featured space; its name is written above it. Walk into one or click it. Prefer a list? "Browse as a grid" on the home page shows every public space.');
  draft.start = { position: [0, 0, D / 2 - 1.6], yaw: 0 };
  return sceneDocumentV1.parse({ ...finishDraft(draft, 'lobby', 'M'), spaceTemplate: null, portals });
}

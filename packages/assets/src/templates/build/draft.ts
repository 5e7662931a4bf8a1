import { artworkDataUrl, getArtwork } from '../../artworks/index.ts';
import { skyUri } from '../../skies/index.ts';
import { onWall } from './room.ts';
import type { DocInput, LevelInput, Room, Side, Vec3 } from './types.ts';
import { SCENE_DOCUMENT_VERSION } from '@atrium/shared';

type Arr<K extends keyof DocInput> = NonNullable<DocInput[K]>;
type PropItem = Arr<'props'>[number];
type PictureItem = Arr<'pictures'>[number];
type TextItem = Arr<'texts3d'>[number];
type InfoItem = Arr<'infoPoints'>[number];
type TourPoint = NonNullable<Arr<'guidedTours'>[number]['points']>[number];

/** A scene under construction: plain arrays plus a counter for readable, stable item ids. */
export interface SceneDraft {
  levels: LevelInput[];
  materialOverrides: NonNullable<NonNullable<DocInput['customSpace']>['materialOverrides']>;
  skyId: string;
  start: { position: Vec3; yaw: number };
  props: PropItem[];
  pictures: PictureItem[];
  texts3d: TextItem[];
  infoPoints: InfoItem[];
  tours: { id: string; title: string; description: string; points: TourPoint[] }[];
  seq: Map<string, number>;
}

export function createDraft(skyId: string): SceneDraft {
  return {
    levels: [], materialOverrides: [], skyId, start: { position: [0, 0, 0], yaw: 0 },
    props: [], pictures: [], texts3d: [], infoPoints: [], tours: [], seq: new Map(),
  };
}

export function nextId(draft: SceneDraft, prefix: string): string {
  const n = (draft.seq.get(prefix) ?? 0) + 1;
  draft.seq.set(prefix, n);
  return `${prefix}-${n}`;
}

/** Adds a level at an explicit elevation (defaults to index x 4 m as the schema does). */
export function addLevel(draft: SceneDraft, level: Omit<LevelInput, 'id'> & { id?: string }): LevelInput {
  const l: LevelInput = { id: level.id ?? `level-${draft.levels.length + 1}`, walls: [], floors: [], stairs: [], ...level };
  draft.levels.push(l);
  return l;
}

export interface PlaceOptions { yaw?: number; scale?: number; tint?: string; y?: number; collisions?: 'None' | 'Simple' | 'Precise'; title?: string }

export function addProp(draft: SceneDraft, propId: string, x: number, z: number, o: PlaceOptions = {}): PropItem {
  const s = o.scale ?? 1;
  const item: PropItem = {
    id: nextId(draft, propId), propId, position: [x, o.y ?? 0, z], rotation: [0, o.yaw ?? 0, 0], scale: [s, s, s],
    // Built-in props are primitive recipes: their collision box is the cheap and right choice.
    collisions: o.collisions ?? 'Simple',
    ...(o.tint ? { tint: o.tint } : {}),
    ...(o.title ? { title: o.title } : {}),
  };
  draft.props.push(item);
  return item;
}

/** A cols x rows grid of one prop centred on (x, z), spaced dx by dz, all facing `yaw`. */
export function placeGrid(draft: SceneDraft, propId: string, x: number, z: number, cols: number, rows: number, dx: number, dz: number, o: PlaceOptions = {}): PropItem[] {
  const out: PropItem[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      out.push(addProp(draft, propId, x + (c - (cols - 1) / 2) * dx, z + (r - (rows - 1) / 2) * dz, o));
    }
  }
  return out;
}

/** Chairs around a rectangular table of size w x d. */
export function placeAround(draft: SceneDraft, chairId: string, x: number, z: number, w: number, d: number, perSide: number, o: PlaceOptions = {}): void {
  for (let i = 0; i < perSide; i++) {
    const t = (i - (perSide - 1) / 2) * (w / perSide);
    addProp(draft, chairId, x + t, z - d / 2 - 0.25, { ...o, yaw: 0 });
    addProp(draft, chairId, x + t, z + d / 2 + 0.25, { ...o, yaw: Math.PI });
  }
}

/** Hangs a built-in artwork on a wall, sized by its aspect ratio to `height` metres tall. */
export function hangArtwork(draft: SceneDraft, room: Room, side: Side, along: number, artworkId: string, opts: { height?: number; y?: number; frame?: string; level?: number } = {}): PictureItem {
  const art = getArtwork(artworkId)!;
  const h = opts.height ?? 1.2;
  const { position, yaw } = onWall(room, side, along, (opts.y ?? 1.6) + (opts.level ?? 0));
  const item: PictureItem = {
    id: nextId(draft, 'picture'), position, rotation: [0, yaw, 0], imageUri: artworkDataUrl(artworkId),
    width: +(h * art.aspect).toFixed(3), height: h, title: art.title, description: `${art.artist}, CC0.`,
    frame: { enabled: true, color: opts.frame ?? '#2b2622', width: 0.05 },
  };
  draft.pictures.push(item);
  return item;
}

export function addTitle(draft: SceneDraft, room: Room, side: Side, along: number, text: string, opts: { y?: number; color?: string; fontSize?: number } = {}): TextItem {
  const { position, yaw } = onWall(room, side, along, opts.y ?? 3.1, 0.04);
  const item: TextItem = {
    id: nextId(draft, 'text'), position, rotation: [0, yaw, 0], text, fontSize: opts.fontSize ?? 90,
    colorTint: opts.color ?? '#1f2328', fontStyles: ['bold'], title: text,
  };
  draft.texts3d.push(item);
  return item;
}

/** Free-standing 3D text at a point, facing `yaw` (0 = toward +Z). */
export function addText(draft: SceneDraft, position: Vec3, yaw: number, text: string, opts: { color?: string; fontSize?: number } = {}): TextItem {
  const item: TextItem = {
    id: nextId(draft, 'text'), position, rotation: [0, yaw, 0], text, fontSize: opts.fontSize ?? 60,
    colorTint: opts.color ?? '#1f2328', fontStyles: ['bold'], title: text,
  };
  draft.texts3d.push(item);
  return item;
}

export function addInfo(draft: SceneDraft, x: number, y: number, z: number, title: string, description: string): InfoItem {
  const item: InfoItem = { id: nextId(draft, 'info'), position: [x, y, z], title, description };
  draft.infoPoints.push(item);
  return item;
}

/** A guided tour; each stop is [x, z, yaw, title, description], standing on the ground level. */
export function addTour(draft: SceneDraft, title: string, description: string, stops: [number, number, number, string, string][]): void {
  const id = nextId(draft, 'tour');
  draft.tours.push({
    id, title, description,
    points: stops.map(([x, z, yaw, t, d], i) => ({ id: `${id}-point-${i + 1}`, title: t, description: d, position: [x, 0, z], rotation: [0, yaw, 0], order: i })),
  });
}

export function finishDraft(draft: SceneDraft, spaceTemplateId: string, size: string): DocInput {
  return {
    version: SCENE_DOCUMENT_VERSION,
    customSpace: { levels: draft.levels, materialOverrides: draft.materialOverrides, skyUri: skyUri(draft.skyId), terrainUri: null },
    spaceTemplate: { spaceTemplateId, size },
    startingPosition: draft.start.position,
    startingRotation: [0, draft.start.yaw, 0],
    props: draft.props,
    pictures: draft.pictures,
    texts3d: draft.texts3d,
    infoPoints: draft.infoPoints,
    guidedTours: draft.tours.map((t) => ({ ...t, duration: t.points.length * 20, public: true })),
  };
}

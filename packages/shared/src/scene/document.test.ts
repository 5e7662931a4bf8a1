import { describe, expect, it } from 'vitest';
import { emptySceneDocument, sceneDocumentV1, SCENE_DOCUMENT_VERSION } from './document.ts';
import { checkSceneSize, countSceneItems, SCENE_DOCUMENT_LIMITS } from './limits.ts';
import { inchesToMetres, metresToInches, WALL_HEIGHT_M } from './units.ts';

const room = {
  version: SCENE_DOCUMENT_VERSION,
  customSpace: {
    levels: [
      {
        id: 'ground',
        walls: [
          { id: 'w1', start: [0, 0], end: [6, 0], openings: [{ id: 'd1', kind: 'door', offset: 3, width: 1, height: 2.1 }] },
          { id: 'w2', start: [6, 0], end: [6, 6], openings: [{ id: 'o1', kind: 'window', type: 'Panoramic', offset: 3, width: 3, height: 1.5 }] },
        ],
        floors: [{ id: 'f1', polygon: [[0, 0], [6, 0], [6, 6], [0, 6]] }],
        stairs: [{ id: 's1', type: 'ULeft', position: [1, 0, 1] }],
      },
      { id: 'upper' },
    ],
  },
  pictures: [{ id: 'p1', position: [3, 1.6, 0.2], imageUri: 'data:image/png;base64,' }],
  texts3d: [{ id: 't1', position: [0, 2, 0], text: 'Hello' }],
  guidedTours: [{ id: 'tour', points: [{ id: 'a', position: [0, 0, 0], order: 0 }] }],
};

describe('scene document v1', () => {
  it('fills spec defaults: wall height 4 m, level elevation 4 m per level, Precise collisions, None for text', () => {
    const doc = sceneDocumentV1.parse(room);
    const [ground, upper] = doc.customSpace!.levels;
    expect(ground!.walls[0]!.height).toBe(WALL_HEIGHT_M);
    expect(ground!.walls[0]!.thickness).toBe(0.2);
    expect(ground!.elevation).toBe(0);
    expect(upper!.elevation).toBe(4);
    expect(ground!.walls[1]!.openings[0]).toMatchObject({ kind: 'window', sill: 1, type: 'Panoramic' });
    expect(ground!.walls[0]!.openings[0]).toMatchObject({ kind: 'door', sill: 0, type: 'Single' });
    expect(doc.pictures[0]).toMatchObject({ collisions: 'Precise', rotation: [0, 0, 0], scale: [1, 1, 1], title: '' });
    expect(doc.texts3d[0]).toMatchObject({
      collisions: 'None', fontSize: 60, colorTint: '#000000', verticalAlignment: 'middle',
      horizontalAlignment: 'center', outlineWidth: 0, dropShadow: false,
    });
    expect(ground!.stairs[0]).toMatchObject({ type: 'ULeft', width: 1.2, rise: 4 });
  });

  it('reads model animation settings, defaulting stored models to no autoplay, looping and the first clip', () => {
    const stored = sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, models3d: [{ id: 'm', position: [0, 0, 0], modelUri: '/fox.glb' }] });
    expect(stored.models3d[0]).toMatchObject({ autoplayAnimation: false, loopAnimation: true });
    expect(stored.models3d[0]!.animationClip).toBeUndefined();
    const chosen = sceneDocumentV1.parse({
      version: SCENE_DOCUMENT_VERSION,
      models3d: [{ id: 'm', position: [0, 0, 0], modelUri: '/fox.glb', animationClip: 'Run', autoplayAnimation: true, loopAnimation: false }],
    });
    expect(chosen.models3d[0]).toMatchObject({ animationClip: 'Run', autoplayAnimation: true, loopAnimation: false });
  });

  it('rejects an opening that does not fit its wall and names the path', () => {
    const bad = structuredClone(room);
    bad.customSpace.levels[0]!.walls![0]!.openings[0]!.offset = 5.8;
    const r = sceneDocumentV1.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['customSpace', 'levels', 0, 'walls', 0, 'openings', 0, 'offset']);
  });

  it('rejects unknown enum values for stairs, doors and video providers', () => {
    expect(sceneDocumentV1.safeParse({ version: SCENE_DOCUMENT_VERSION, videos: [{ id: 'v', position: [0, 0, 0], provider: 'Vimeo' }] }).success).toBe(false);
    const bad = structuredClone(room) as { customSpace: { levels: { stairs?: { type: string }[] }[] } };
    bad.customSpace.levels[0]!.stairs![0]!.type = 'Spiral';
    expect(sceneDocumentV1.safeParse(bad).success).toBe(false);
  });

  it('accepts portals to a scene or to a point', () => {
    const doc = sceneDocumentV1.parse({
      version: SCENE_DOCUMENT_VERSION,
      portals: [
        { id: 'a', position: [0, 0, 0], target: { kind: 'scene', sceneId: 'abc' } },
        { id: 'b', position: [0, 0, 0], target: { kind: 'point', position: [1, 0, 1] } },
      ],
    });
    expect(doc.portals.map((p) => p.target.kind)).toEqual(['scene', 'point']);
    expect(doc.portals[0]!.collisions).toBe('None');
  });

  it('counts structure, items and tour points against the size cap', () => {
    const doc = sceneDocumentV1.parse(room);
    // 2 walls + 2 openings + 1 floor + 1 stairs + 1 picture + 1 text + 1 tour point
    expect(countSceneItems(doc)).toBe(9);
    expect(checkSceneSize(doc).withinLimits).toBe(true);
    const big = emptySceneDocument();
    big.infoPoints = Array.from({ length: SCENE_DOCUMENT_LIMITS.maxItems + 1 }, (_, i) => ({
      id: `i${i}`, position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1], collisions: 'None', title: '', description: '', color: '#ffffff',
    }));
    expect(checkSceneSize(big)).toMatchObject({ items: 20_001, withinLimits: false });
  });

  it('converts inches and metres both ways', () => {
    expect(metresToInches(0.0254)).toBeCloseTo(1);
    expect(inchesToMetres(metresToInches(4))).toBeCloseTo(4);
  });
});

import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION } from './document.ts';
import { migrateSceneDocument, SceneDocumentValidationError, SceneDocumentVersionError } from './migrations.ts';

const legacy = {
  walls: [
    { id: 'a', x1: 0, z1: 0, x2: 8, z2: 0, doors: [{ at: 4, width: 1.8, double: true }] },
    { x1: 8, z1: 0, x2: 8, z2: 6, windows: [{ at: 3, width: 2, height: 1.2, sill: 0.9, style: 'Center' }] },
  ],
  floor: { points: [{ x: 0, z: 0 }, { x: 8, z: 0 }, { x: 8, z: 6 }, { x: 0, z: 6 }] },
  sky: 'sky/sunset.hdr',
  entry: { x: 1, y: 0, z: 1, yaw: 1.5 },
  items: [
    { type: 'picture', id: 'p', x: 4, y: 1.6, z: 0.1, src: 'img.png', width: 2, height: 1 },
    { type: 'text', x: 0, y: 2, z: 0, text: 'Welcome', color: '#ff0000' },
    { type: 'portal', x: 7, y: 0, z: 5, target: 'scene-42' },
    { type: 'hologram', x: 0, y: 0, z: 0 },
  ],
};

describe('migrateSceneDocument', () => {
  it('migrates the legacy flat v0 shape to a valid v1 document', () => {
    const doc = migrateSceneDocument(legacy);
    expect(doc.version).toBe(SCENE_DOCUMENT_VERSION);
    const level = doc.customSpace!.levels[0]!;
    expect(level.walls).toHaveLength(2);
    expect(level.walls[0]).toMatchObject({ id: 'a', start: [0, 0], end: [8, 0], height: 4 });
    expect(level.walls[0]!.openings[0]).toMatchObject({ kind: 'door', type: 'Double', offset: 4, width: 1.8 });
    expect(level.walls[1]!.openings[0]).toMatchObject({ kind: 'window', type: 'Center', sill: 0.9 });
    expect(level.floors[0]!.polygon).toHaveLength(4);
    expect(doc.customSpace!.skyUri).toBe('sky/sunset.hdr');
    expect(doc.startingPosition).toEqual([1, 0, 1]);
    expect(doc.startingRotation).toEqual([0, 1.5, 0]);
    expect(doc.pictures[0]).toMatchObject({ id: 'p', imageUri: 'img.png', width: 2 });
    expect(doc.texts3d[0]).toMatchObject({ text: 'Welcome', colorTint: '#ff0000', collisions: 'None' });
    expect(doc.portals[0]!.target).toEqual({ kind: 'scene', sceneId: 'scene-42' });
  });

  it('treats an explicit version 0 the same as a missing version', () => {
    expect(migrateSceneDocument({ ...legacy, version: 0 })).toEqual(migrateSceneDocument(legacy));
  });

  it('passes a current document through validation unchanged in meaning', () => {
    const v1 = migrateSceneDocument(legacy);
    expect(migrateSceneDocument(JSON.parse(JSON.stringify(v1)))).toEqual(v1);
  });

  it('rejects a future version with a typed error naming it', () => {
    const err = (() => { try { migrateSceneDocument({ version: 7 }); } catch (e) { return e; } })();
    expect(err).toBeInstanceOf(SceneDocumentVersionError);
    expect((err as SceneDocumentVersionError).version).toBe(7);
    expect((err as Error).message).toContain('7');
    expect(() => migrateSceneDocument({ version: 'two' })).toThrow(SceneDocumentVersionError);
  });

  it('reports the path of a schema failure', () => {
    const bad = { version: 1, pictures: [{ id: 'p', position: [0, 'up', 0], imageUri: 'x' }] };
    try {
      migrateSceneDocument(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SceneDocumentValidationError);
      expect((e as SceneDocumentValidationError).issues[0]!.path).toBe('pictures.0.position.1');
      expect((e as Error).message).toContain('pictures.0.position.1');
    }
  });

  it('rejects non-objects', () => {
    expect(() => migrateSceneDocument(null)).toThrow(SceneDocumentValidationError);
    expect(() => migrateSceneDocument([])).toThrow(SceneDocumentValidationError);
  });
});

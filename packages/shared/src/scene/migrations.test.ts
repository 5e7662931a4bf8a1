import { describe, expect, it } from 'vitest';
import { SCENE_DOCUMENT_VERSION } from './document.ts';
import {
  applySceneMigrations, migrateSceneDocument, SCENE_MIGRATIONS, SceneDocumentValidationError, SceneDocumentVersionError,
} from './migrations.ts';

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

const step = (version: number) => SCENE_MIGRATIONS.find((m) => m.version === version)!;

describe('numbered scene migrations', () => {
  it('are numbered 1..SCENE_DOCUMENT_VERSION without gaps, with unique ids and a description each', () => {
    expect(SCENE_MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: SCENE_DOCUMENT_VERSION }, (_, i) => i + 1));
    expect(new Set(SCENE_MIGRATIONS.map((m) => m.id)).size).toBe(SCENE_MIGRATIONS.length);
    for (const m of SCENE_MIGRATIONS) {
      expect(m.id).toMatch(new RegExp(`^scene/${m.version}/[a-z0-9-]+$`));
      expect(m.description.length).toBeGreaterThan(10);
    }
  });

  it('2 level-elevation: stores each level\'s elevation from its index, keeping one already stored', () => {
    const out = step(2).up({ version: 1, customSpace: { levels: [{ id: 'a' }, { id: 'b', elevation: 10 }, { id: 'c' }] } });
    expect((out.customSpace as { levels: unknown[] }).levels).toEqual([{ id: 'a', elevation: 0 }, { id: 'b', elevation: 10 }, { id: 'c', elevation: 8 }]);
    expect(step(2).up({ version: 1, customSpace: null })).toEqual({ version: 1, customSpace: null });
  });

  it('3 ambient-sound: an older custom space records no ambient sound; a chosen one is kept', () => {
    expect(step(3).up({ version: 2, customSpace: { levels: [] } })).toEqual({ version: 2, customSpace: { levels: [], ambientSoundUri: null } });
    const chosen = { version: 2, customSpace: { levels: [], ambientSoundUri: 'atrium:sound/rain' } };
    expect(step(3).up(chosen)).toEqual(chosen);
    expect(step(3).up({ version: 2 })).toEqual({ version: 2 });
  });

  it('4 model-animation-loop: models stored before the setting keep looping; a stored choice is kept', () => {
    const out = step(4).up({ version: 3, models3d: [{ id: 'a', modelUri: '/a.glb' }, { id: 'b', modelUri: '/b.glb', loopAnimation: false }] });
    expect(out.models3d).toEqual([{ id: 'a', modelUri: '/a.glb', loopAnimation: true }, { id: 'b', modelUri: '/b.glb', loopAnimation: false }]);
  });

  it('5 web-links-only: drops unsafe link values and web views/links whose content is an unsafe url', () => {
    const bad = 'javascript:alert(1)';
    const out = step(5).up({
      version: 4,
      pictures: [{ id: 'p', link: bad, imageUri: '/a.png' }, { id: 'q', link: 'https://example.org/', imageUri: '/b.png' }],
      texts3d: [{ id: 't', text: 'x', hyperlink: ' JavaScript:alert(1)' }],
      webViews3d: [{ id: 'w', url: 'data:text/html,<b>' }, { id: 'ok', url: 'https://example.org/' }],
      links: [{ id: 'l', url: 'vbscript:msgbox(1)' }],
    });
    expect(out).toEqual({
      version: 4,
      pictures: [{ id: 'p', imageUri: '/a.png' }, { id: 'q', link: 'https://example.org/', imageUri: '/b.png' }],
      texts3d: [{ id: 't', text: 'x' }],
      webViews3d: [{ id: 'ok', url: 'https://example.org/' }],
      links: [],
    });
  });

  it('each step is idempotent: running it on its own output changes nothing', () => {
    const fixture = {
      version: 1,
      customSpace: { levels: [{ id: 'a' }, { id: 'b' }] },
      models3d: [{ id: 'm', position: [0, 0, 0], modelUri: '/m.glb' }],
      pictures: [{ id: 'p', position: [0, 0, 0], imageUri: '/a.png', link: 'javascript:x' }],
    };
    for (const m of SCENE_MIGRATIONS.filter((x) => x.version > 1)) {
      const once = m.up(fixture);
      expect(m.up(once), m.id).toEqual(once);
    }
  });

  it('applies in order from the stored version and records the last applied migration as the version', () => {
    const v1 = {
      version: 1,
      customSpace: { levels: [{ id: 'ground' }, { id: 'upper' }] },
      models3d: [{ id: 'm', position: [0, 0, 0], modelUri: '/m.glb' }],
      webViews3d: [{ id: 'w', position: [0, 1, 0], url: 'javascript:alert(1)' }],
    };
    const migrated = applySceneMigrations(v1);
    expect(migrated).toEqual({
      version: SCENE_DOCUMENT_VERSION,
      customSpace: { levels: [{ id: 'ground', elevation: 0 }, { id: 'upper', elevation: 4 }], ambientSoundUri: null },
      models3d: [{ id: 'm', position: [0, 0, 0], modelUri: '/m.glb', loopAnimation: true }],
      webViews3d: [],
    });
    // From version 3 on, the steps up to 3 are not run again (the level without an elevation stays so).
    const fromV3 = applySceneMigrations({ version: 3, customSpace: { levels: [{ id: 'x' }] } });
    expect(fromV3).toEqual({ version: SCENE_DOCUMENT_VERSION, customSpace: { levels: [{ id: 'x' }] } });
    expect(v1.version).toBe(1); // the input is not changed in place
  });

  it('an older stored document (v1, fields arriving by default before) validates to the same shape as today', () => {
    const doc = migrateSceneDocument({ version: 1, customSpace: { levels: [{ id: 'g' }] }, models3d: [{ id: 'm', position: [0, 0, 0], modelUri: '/m.glb' }] });
    expect(doc.version).toBe(SCENE_DOCUMENT_VERSION);
    expect(doc.customSpace!.ambientSoundUri).toBeNull();
    expect(doc.customSpace!.levels[0]!.elevation).toBe(0);
    expect(doc.models3d[0]!.loopAnimation).toBe(true);
  });

  it('is idempotent as a whole: a migrated document migrates to itself', () => {
    const once = migrateSceneDocument(legacy);
    const twice = migrateSceneDocument(JSON.parse(JSON.stringify(once)));
    expect(twice).toEqual(once);
    expect(applySceneMigrations(JSON.parse(JSON.stringify(once)))).toEqual(JSON.parse(JSON.stringify(once)));
  });

  it('refuses a version after the last migration with SCENE_VERSION_UNSUPPORTED, not a mangled document', () => {
    for (const version of [SCENE_DOCUMENT_VERSION + 1, 1.5, -1, '5', null]) {
      const err = (() => { try { applySceneMigrations({ version, pictures: [] }); } catch (e) { return e; } })();
      expect(err, String(version)).toBeInstanceOf(SceneDocumentVersionError);
      expect((err as SceneDocumentVersionError).code).toBe('SCENE_VERSION_UNSUPPORTED');
      expect((err as Error).message).toContain(`reads up to ${SCENE_DOCUMENT_VERSION}`);
    }
  });
});

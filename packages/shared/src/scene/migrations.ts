import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type SceneDocument } from './document.ts';
import { LEVEL_HEIGHT_M, WALL_HEIGHT_M } from './units.ts';
import { findInputProblem, INPUT_MESSAGES } from '../input.ts';
import { withoutUnsafeLinks } from './unsafeLinks.ts';

type Json = Record<string, unknown>;

export class SceneDocumentVersionError extends Error {
  readonly code = 'SCENE_VERSION_UNSUPPORTED';
  readonly version: unknown;
  constructor(version: unknown) {
    super(`Scene document version ${JSON.stringify(version)} is not supported (this build reads up to ${SCENE_DOCUMENT_VERSION})`);
    this.name = 'SceneDocumentVersionError';
    this.version = version;
  }
}

export interface SceneIssue { path: string; message: string }

export class SceneDocumentValidationError extends Error {
  readonly code = 'SCENE_INVALID';
  readonly issues: SceneIssue[];
  constructor(issues: SceneIssue[]) {
    const first = issues[0];
    super(first ? `Invalid scene document at ${first.path || '(root)'}: ${first.message}` : 'Invalid scene document');
    this.name = 'SceneDocumentValidationError';
    this.issues = issues;
  }
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * v0 is the legacy flat export: one storey of walls given as x1/z1/x2/z2 with `doors`/`windows`
 * placed by `at` (centre distance from the first end), a single `floor` polygon of {x,z}, an
 * `entry` {x,y,z,yaw}, and every placed thing in one `items` list tagged by `type`.
 */
function v0ToV1(old: Json): Json {
  let seq = 0;
  const nextId = (prefix: string, v: unknown) => str(v) || `${prefix}-${++seq}`;
  const walls = arr(old.walls).filter(isObj).map((w) => {
    const height = num(w.height, WALL_HEIGHT_M);
    return {
      id: nextId('wall', w.id),
      start: [num(w.x1), num(w.z1)],
      end: [num(w.x2), num(w.z2)],
      thickness: num(w.thickness, 0.2),
      height,
      ...(typeof w.color === 'string' ? { tint: w.color } : {}),
      openings: [
        ...arr(w.doors).filter(isObj).map((d) => ({
          id: nextId('door', d.id), kind: 'door', type: d.double ? 'Double' : 'Single',
          offset: num(d.at), width: num(d.width, 1), height: num(d.height, 2.1), sill: 0,
        })),
        ...arr(w.windows).filter(isObj).map((o) => ({
          id: nextId('window', o.id), kind: 'window', type: str(o.style, 'Single'),
          offset: num(o.at), width: num(o.width, 1.2), height: num(o.height, 1.2), sill: num(o.sill, 1),
        })),
      ],
    };
  });
  const floorPoints = isObj(old.floor) ? arr(old.floor.points).filter(isObj).map((p) => [num(p.x), num(p.z)]) : [];
  const floors = floorPoints.length >= 3 ? [{ id: 'floor-1', polygon: floorPoints }] : [];
  const hasStructure = walls.length > 0 || floors.length > 0;

  const buckets: Record<string, Json[]> = {
    pictures: [], videos: [], texts3d: [], models3d: [], portals: [], infoPoints: [], props: [],
  };
  for (const it of arr(old.items).filter(isObj)) {
    const base = {
      id: nextId(str(it.type, 'item'), it.id),
      position: [num(it.x), num(it.y), num(it.z)],
      rotation: [0, num(it.yaw), 0],
      scale: [num(it.scale, 1), num(it.scale, 1), num(it.scale, 1)],
      title: str(it.title), description: str(it.description),
    };
    switch (it.type) {
      case 'picture': buckets.pictures!.push({ ...base, imageUri: str(it.src), width: num(it.width, 1), height: num(it.height, 1) }); break;
      case 'video': buckets.videos!.push({ ...base, videoUri: str(it.src) }); break;
      case 'text': buckets.texts3d!.push({ ...base, text: str(it.text), ...(typeof it.color === 'string' ? { colorTint: it.color } : {}) }); break;
      case 'model': buckets.models3d!.push({ ...base, modelUri: str(it.src) }); break;
      case 'portal': buckets.portals!.push({ ...base, target: { kind: 'scene', sceneId: str(it.target) } }); break;
      case 'info': buckets.infoPoints!.push(base); break;
      case 'prop': buckets.props!.push({ ...base, propId: str(it.propId, 'unknown') }); break;
      default: break; // unknown legacy types were never rendered; dropping them matches old behaviour
    }
  }
  const entry = isObj(old.entry) ? old.entry : {};
  return {
    customSpace: hasStructure || old.sky
      ? { levels: hasStructure ? [{ id: 'level-1', elevation: 0 * LEVEL_HEIGHT_M, walls, floors, stairs: [] }] : [], skyUri: old.sky ?? null }
      : null,
    startingPosition: [num(entry.x), num(entry.y), num(entry.z)],
    startingRotation: [0, num(entry.yaw), 0],
    ...buckets,
  };
}

/** One schema change: applied to a document at `version - 1`, it yields a document at `version`. */
export interface SceneMigration {
  /** Stable name, never reused or edited once shipped (stored documents were written against it). */
  readonly id: string;
  /** The version a document records once this step has run: the number of the last applied migration. */
  readonly version: number;
  readonly description: string;
  /** Pure: returns a new object, fills only what is absent, so it is harmless on a document that already has it. */
  readonly up: (doc: Json) => Json;
}

const levelsOf = (doc: Json): unknown[] => (isObj(doc.customSpace) ? arr(doc.customSpace.levels) : []);

/** Level elevations used to be implied by the level's index (4 m per storey); they are now stored. */
function withLevelElevations(doc: Json): Json {
  if (!isObj(doc.customSpace) || !Array.isArray(doc.customSpace.levels)) return doc;
  const levels = levelsOf(doc).map((l, i) => (isObj(l) && l.elevation === undefined ? { ...l, elevation: i * LEVEL_HEIGHT_M } : l));
  return { ...doc, customSpace: { ...doc.customSpace, levels } };
}

/** Spaces written before ambient sound existed play none: say so explicitly. */
function withAmbientSound(doc: Json): Json {
  if (!isObj(doc.customSpace) || 'ambientSoundUri' in doc.customSpace) return doc;
  return { ...doc, customSpace: { ...doc.customSpace, ambientSoundUri: null } };
}

/** Models written before the loop setting looped their clip; keep that. */
function withModelLooping(doc: Json): Json {
  if (!Array.isArray(doc.models3d)) return doc;
  return { ...doc, models3d: doc.models3d.map((m) => (isObj(m) && m.loopAnimation === undefined ? { ...m, loopAnimation: true } : m)) };
}

/**
 * Links were then restricted to http(s). An older document may hold `javascript:` and the like: the
 * optional link loses it, an item whose content is the link (web view, scene link) is dropped.
 */
function withWebLinksOnly(doc: Json): Json {
  return withoutUnsafeLinks(doc).doc as Json;
}

/**
 * Every schema change since the legacy flat export, oldest first (as tldraw's tlschema keeps its
 * migration sequence). Append a step and bump SCENE_DOCUMENT_VERSION together; never edit a shipped step.
 */
export const SCENE_MIGRATIONS: readonly SceneMigration[] = [
  { id: 'scene/1/structured-document', version: 1, description: 'Legacy flat export (x1/z1 walls, one typed items list) to levels and per-kind item lists', up: v0ToV1 },
  { id: 'scene/2/level-elevation', version: 2, description: 'Store each level\'s elevation (index × 4 m when absent)', up: withLevelElevations },
  { id: 'scene/3/ambient-sound', version: 3, description: 'customSpace.ambientSoundUri, null (no sound) when absent', up: withAmbientSound },
  { id: 'scene/4/model-animation-loop', version: 4, description: 'models3d[].loopAnimation, true (the old behaviour) when absent', up: withModelLooping },
  { id: 'scene/5/web-links-only', version: 5, description: 'Links and web views only http(s): unsafe link values and items are dropped', up: withWebLinksOnly },
];

function versionOf(doc: Json): unknown {
  return doc.version === undefined ? 0 : doc.version;
}

function checkedVersion(doc: Json): number {
  const version = versionOf(doc);
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > SCENE_DOCUMENT_VERSION) {
    throw new SceneDocumentVersionError(version);
  }
  return version;
}

/**
 * Runs, in order, every migration after the document's own version, without validating. The result
 * records the last applied migration as its version. Refuses a version this build does not know.
 */
export function applySceneMigrations(input: Json): Json {
  let doc = input;
  let version = checkedVersion(doc);
  for (const migration of SCENE_MIGRATIONS) {
    if (migration.version <= version) continue;
    if (migration.version !== version + 1) throw new SceneDocumentVersionError(version);
    doc = { ...migration.up(doc), version: migration.version };
    version = migration.version;
  }
  if (version !== SCENE_DOCUMENT_VERSION) throw new SceneDocumentVersionError(version);
  return doc;
}

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/** Accepts any known version, migrates step by step, and returns a validated current document. */
export function migrateSceneDocument(input: unknown): SceneDocument {
  if (!isObj(input)) throw new SceneDocumentValidationError([{ path: '', message: 'Expected an object' }]);
  // Before the schema: its parse recurses per level, and PostgreSQL cannot store NUL in jsonb.
  const problem = findInputProblem(input);
  if (problem) throw new SceneDocumentValidationError([{ path: problem.path, message: problem.kind === 'depth' ? INPUT_MESSAGES.tooDeep : INPUT_MESSAGES.nul }]);
  const doc = applySceneMigrations(input);
  const parsed = sceneDocumentV1.safeParse(doc);
  if (!parsed.success) {
    throw new SceneDocumentValidationError(parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message })));
  }
  return parsed.data;
}

import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type SceneDocument } from './document.ts';
import { LEVEL_HEIGHT_M, WALL_HEIGHT_M } from './units.ts';
import { findInputProblem, INPUT_MESSAGES } from '../input.ts';

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
    version: 1,
    customSpace: hasStructure || old.sky
      ? { levels: hasStructure ? [{ id: 'level-1', elevation: 0 * LEVEL_HEIGHT_M, walls, floors, stairs: [] }] : [], skyUri: old.sky ?? null }
      : null,
    startingPosition: [num(entry.x), num(entry.y), num(entry.z)],
    startingRotation: [0, num(entry.yaw), 0],
    ...buckets,
  };
}

/** MIGRATIONS[n] turns a version-n document into version n+1. Append; never edit a shipped step. */
export const MIGRATIONS: Readonly<Record<number, (doc: Json) => Json>> = { 0: v0ToV1 };

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

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/** Accepts any known version, migrates step by step, and returns a validated current document. */
export function migrateSceneDocument(input: unknown): SceneDocument {
  if (!isObj(input)) throw new SceneDocumentValidationError([{ path: '', message: 'Expected an object' }]);
  // Before the schema: its parse recurses per level, and PostgreSQL cannot store NUL in jsonb.
  const problem = findInputProblem(input);
  if (problem) throw new SceneDocumentValidationError([{ path: problem.path, message: problem.kind === 'depth' ? INPUT_MESSAGES.tooDeep : INPUT_MESSAGES.nul }]);
  let doc: Json = input;
  let version = checkedVersion(doc);
  while (version < SCENE_DOCUMENT_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new SceneDocumentVersionError(version);
    doc = step(doc);
    version = checkedVersion(doc);
  }
  const parsed = sceneDocumentV1.safeParse(doc);
  if (!parsed.success) {
    throw new SceneDocumentValidationError(parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message })));
  }
  return parsed.data;
}

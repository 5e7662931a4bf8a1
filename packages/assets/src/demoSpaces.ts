import { skyUri } from './skies/index.ts';
import { getTemplateFamily } from './templates/index.ts';
import { sceneDocumentV1, type SceneDocument } from '@atrium/shared';

/** The system account that owns the demo spaces. It has no login account, so nobody can sign in as it. */
export const STUDIO_USER = {
  subject: 'atrium:system/studio',
  loginProvider: 'system',
  name: 'Atrium Studio',
  username: 'atrium-studio',
  bio: 'The team behind Atrium. We furnish the demo spaces so there is something to walk through on day one.',
  role: 'admin',
} as const;

export interface DemoSpaceText {
  /** Stable key stored in scenes.demo_key; the seed and its tests find demo spaces by it. */
  demoKey: string;
  familyId: string;
  title: string;
  description: string;
  tags: string[];
  /** What the portal into this space says, from the previous space in the ring. */
  portalLabel: string;
  /** A library sky replacing the template's, where the demo wants a different mood. */
  skyId?: string;
}

// One space per template family, in ring order: every space's portal leads to the next one.
export const DEMO_SPACES: readonly DemoSpaceText[] = [
  {
    demoKey: 'demo-gallery',
    familyId: 'gallery',
    title: 'Quiet Geometry — a white cube show',
    description:
      'A calm white gallery hung with generative prints from the Atrium studio. Take the short tour, click any work to read about it, then step through the blue ring to visit the museum hall.',
    tags: ['gallery', 'art', 'demo'],
    portalLabel: 'White Cube Gallery',
  },
  {
    demoKey: 'demo-museum-hall',
    familyId: 'museum-hall',
    title: 'The Navy Hall',
    description:
      'A stately museum hall with marble floors, pedestals and roped-off vitrines, and a grand stair to the upper gallery. Follow the guided tour past the highlights.',
    tags: ['museum', 'exhibition', 'demo'],
    portalLabel: 'Museum Hall',
  },
  {
    demoKey: 'demo-showroom',
    familyId: 'showroom',
    title: 'Brand Showroom on Main Street',
    description:
      'A bright shop behind a panoramic front: painted brick, polished concrete, vitrines and a lounge corner. A template for product launches and pop-up stores.',
    tags: ['showroom', 'retail', 'demo'],
    portalLabel: 'Brand Showroom',
  },
  {
    demoKey: 'demo-auditorium',
    familyId: 'auditorium',
    title: 'Evening Talks Auditorium',
    description:
      'Rows of upholstered seats facing a raised stage with a projection screen and lectern. Walk up on stage, take a seat, or take the tour from the back row to the front.',
    tags: ['auditorium', 'events', 'demo'],
    portalLabel: 'Auditorium',
    // The template's night sky leaves the dark-walled hall too dim for a first impression.
    skyId: 'sunset',
  },
  {
    demoKey: 'demo-classroom',
    familyId: 'classroom',
    title: 'Sunny Classroom',
    description:
      'A friendly classroom with a row of windows, a whiteboard wall, student desks and a reading corner. Ideal for lessons, workshops and study groups.',
    tags: ['classroom', 'education', 'demo'],
    portalLabel: 'Classroom',
  },
  {
    demoKey: 'demo-loft',
    familyId: 'loft',
    title: 'Brick Loft Studio',
    description:
      'A double-height industrial loft with big windows, a lounge and a dining table, and a mezzanine studio up the stairs. Homely, personal and full of light.',
    tags: ['loft', 'home', 'demo'],
    portalLabel: 'Industrial Loft',
  },
  {
    demoKey: 'demo-outdoor-plaza',
    familyId: 'outdoor-plaza',
    title: 'Fountain Plaza',
    description:
      'An open-air stone plaza with a fountain, trees, benches and a café kiosk, and a lawn terrace up broad steps. Meet people outside under an evening sky.',
    tags: ['outdoor', 'plaza', 'demo'],
    portalLabel: 'Outdoor Plaza',
  },
  {
    demoKey: 'demo-exhibition-pavilion',
    familyId: 'exhibition-pavilion',
    title: 'Glass Pavilion Design Show',
    description:
      'A glass-walled pavilion with terrazzo floors, sculptures on plinths, screens and kiosks. Walk the stands, then take the portal back to the gallery where the ring began.',
    tags: ['pavilion', 'exhibition', 'demo'],
    portalLabel: 'Exhibition Pavilion',
  },
];

/** The size each demo space is built from: big enough to explore, small enough to load fast. */
export const DEMO_SIZE = 'm';

export const demoTemplateId = (familyId: string) => `${familyId}-${DEMO_SIZE}`;
/** Rendered by `npm run thumbnails` and served by the server's static thumbnails route. */
export const thumbnailUri = (name: string) => `/static/thumbnails/${name}.webp`;

export const DEMO_PORTAL_ID = 'demo-portal-next';

/** Where the ring goes from the arrival point: metres ahead and to the right of the view. */
const PORTAL_AHEAD_M = 5.5;
const PORTAL_ASIDE_M = 1.6;
/** Nearer than this the sign over the ring would not fit the arrival view. */
const PORTAL_MIN_AHEAD_M = 4;
const PORTAL_MIN_ASIDE_M = 1;
/** Off the view's axis by at most this much, so the whole sign shows beside the viewer's toolbar. */
const PORTAL_MAX_ANGLE = (22 * Math.PI) / 180;

type Vec2 = [number, number];

const distToSegment = (p: Vec2, a: Vec2, b: Vec2) => {
  const dx = b[0] - a[0];
  const dz = b[1] - a[1];
  const len2 = dx * dx + dz * dz;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dz));
};

const inPolygon = (p: Vec2, poly: Vec2[]) => {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, zi] = poly[i]!;
    const [xj, zj] = poly[j]!;
    if (zi > p[1] !== zj > p[1] && p[0] < ((xj - xi) * (p[1] - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
};

/**
 * A free floor spot for the portal near where visitors arrive: on the ground floor, clear of walls,
 * props and raised floors (stages, terraces), preferring a spot ahead and to the right of the start.
 */
export function findPortalSpot(doc: SceneDocument): Vec2 {
  const [ground, ...upper] = doc.customSpace?.levels ?? [];
  const start: Vec2 = [doc.startingPosition[0], doc.startingPosition[2]];
  const yaw = doc.startingRotation[1];
  // The arrival camera looks along -Z turned by its yaw (three.js convention).
  const forward: Vec2 = [-Math.sin(yaw), -Math.cos(yaw)];
  const right: Vec2 = [Math.cos(yaw), -Math.sin(yaw)];
  const along = (ahead: number, aside: number): Vec2 => [start[0] + forward[0] * ahead + right[0] * aside, start[1] + forward[1] * ahead + right[1] * aside];
  // A little to the right and far enough in that the ring never fills the arrival view, yet close
  // enough to the middle that its "Next: …" sign stays clear of the viewer's right-hand toolbar.
  const wish = along(PORTAL_AHEAD_M, PORTAL_ASIDE_M);
  const inArrivalView = (p: Vec2) => {
    const dx = p[0] - start[0], dz = p[1] - start[1];
    const ahead = dx * forward[0] + dz * forward[1];
    const aside = dx * right[0] + dz * right[1];
    // Off the line straight ahead: that is the way in (an aisle, a hall's axis), not a place to stand in.
    return ahead >= PORTAL_MIN_AHEAD_M && Math.abs(aside) >= PORTAL_MIN_ASIDE_M && Math.abs(Math.atan2(aside, ahead)) <= PORTAL_MAX_ANGLE;
  };
  if (!ground) return wish;
  const walls = ground.walls.map((w) => [w.start, w.end] as [Vec2, Vec2]);
  // Raised floors lower than a person block the spot; mezzanines above head height do not.
  const raised = upper.filter((l) => (l.elevation ?? 0) - (ground.elevation ?? 0) < 2.5).flatMap((l) => l.floors);
  const groundFloors = ground.floors.map((f) => f.polygon as Vec2[]);
  // Only what stands on the floor blocks it: ceiling lamps hang far above the ring.
  const blockers = [...doc.props, ...doc.infoPoints, ...doc.models3d]
    .filter((i) => i.position[1] - (ground.elevation ?? 0) < 2)
    .map((i) => [i.position[0], i.position[2]] as Vec2);
  const free = (p: Vec2, clearance = 1.8) =>
    groundFloors.some((poly) => inPolygon(p, poly)) &&
    walls.every(([a, b]) => distToSegment(p, a, b) >= 1.4) &&
    raised.every((f) => !inPolygon(p, f.polygon as Vec2[]) && (f.polygon as Vec2[]).every((_, i, poly) => distToSegment(p, poly[i]!, poly[(i + 1) % poly.length]!) >= 1)) &&
    blockers.every((b) => Math.hypot(p[0] - b[0], p[1] - b[1]) >= clearance) &&
    Math.hypot(p[0] - start[0], p[1] - start[1]) >= 1.8;
  // A spot in the arrival view if there is one (closer to furniture if need be: the ring is 1.2 m
  // across), else the nearest free spot anywhere.
  return (
    nearestFree(start, wish, (p) => free(p) && inArrivalView(p)) ??
    nearestFree(start, wish, (p) => free(p, 1.2) && inArrivalView(p)) ??
    nearestFree(start, wish, (p) => free(p)) ??
    wish
  );
}

function nearestFree(start: Vec2, wish: Vec2, free: (p: Vec2) => boolean): Vec2 | null {
  let best: Vec2 | null = null;
  let bestD = Infinity;
  for (let x = -30; x <= 30; x += 0.5) {
    for (let z = -30; z <= 30; z += 0.5) {
      const p: Vec2 = [start[0] + x, start[1] + z];
      const d = Math.hypot(p[0] - wish[0], p[1] - wish[1]);
      if (d < bestD && free(p)) {
        best = p;
        bestD = d;
      }
    }
  }
  return best;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A demo space's document: the family's medium template plus a portal (and its 3D sign) to the next
 * space in the ring, and a last tour stop in front of the portal.
 */
export function buildDemoDocument(space: DemoSpaceText, next: { sceneId: string; label: string }): SceneDocument {
  const family = getTemplateFamily(space.familyId);
  const template = family?.templates.find((t) => t.spaceTemplateId === demoTemplateId(space.familyId));
  if (!template) throw new Error(`No template ${demoTemplateId(space.familyId)} for demo space ${space.demoKey}`);
  const doc = sceneDocumentV1.parse(structuredClone(template.document));
  const [px, pz] = findPortalSpot(doc);
  // Face the arrival point so the ring is seen head-on when you enter.
  const yaw = round(Math.atan2(doc.startingPosition[0] - px, doc.startingPosition[2] - pz));
  const toStart = [doc.startingPosition[0] - px, doc.startingPosition[2] - pz];
  const len = Math.hypot(toStart[0]!, toStart[1]!) || 1;
  const portal = {
    id: DEMO_PORTAL_ID,
    position: [px, 0, pz],
    rotation: [0, yaw, 0],
    title: `To the ${next.label}`,
    description: `Step through to visit the next Atrium demo space: ${next.label}.`,
    target: { kind: 'scene', sceneId: next.sceneId },
    color: '#3DABFF',
  };
  const sign = {
    id: 'demo-portal-sign',
    position: [px, 2.05, pz],
    rotation: [0, yaw, 0],
    text: `Next: ${next.label}`,
    fontSize: 26,
    colorTint: '#1d6fa3',
    fontStyles: ['bold'],
    title: `Next: ${next.label}`,
  };
  const tours = doc.guidedTours.map((t, i) =>
    i > 0
      ? t
      : {
          ...t,
          points: [
            ...t.points,
            {
              id: `${t.id}-point-portal`,
              title: 'On to the next space',
              description: `The ring in front of you leads to the ${next.label}.`,
              position: [round(px + (toStart[0]! / len) * 2), 0, round(pz + (toStart[1]! / len) * 2)],
              // Same yaw as the ring: the camera there looks back at it.
              rotation: [0, yaw, 0],
              order: t.points.reduce((m, p) => Math.max(m, p.order), -1) + 1,
            },
          ],
        },
  );
  return sceneDocumentV1.parse({
    ...doc,
    customSpace: doc.customSpace && space.skyId ? { ...doc.customSpace, skyUri: skyUri(space.skyId) } : doc.customSpace,
    spaceTemplate: { spaceTemplateId: template.spaceTemplateId, size: template.size },
    portals: [...doc.portals, portal],
    texts3d: [...doc.texts3d, sign],
    guidedTours: tours,
  });
}

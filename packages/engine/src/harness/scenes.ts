import type { SceneDocumentInput } from '@atrium/shared';
import { SCENE_DOCUMENT_VERSION } from '@atrium/shared';

/**
 * A large mixed scene for the harness: `count` items spread over texts, props (five looks, so
 * instanced), pictures (one image per ten pictures), portals, info points and uploaded videos.
 */
export function mixedScene(count: number): SceneDocumentInput {
  const at = (i: number): [number, number, number] => [(i % 50) * 2, 1, Math.floor(i / 50) * 2];
  const doc = { version: SCENE_DOCUMENT_VERSION, texts3d: [], props: [], pictures: [], portals: [], infoPoints: [], videos: [] } as Required<Pick<SceneDocumentInput,
    'texts3d' | 'props' | 'pictures' | 'portals' | 'infoPoints' | 'videos'>> & { version: typeof SCENE_DOCUMENT_VERSION };
  for (let i = 0; i < count; i++) {
    const id = `item-${i}`, position = at(i);
    switch (i % 6) {
      case 0: doc.texts3d.push({ id, position, text: `Text ${i}` }); break;
      case 1: doc.props.push({ id, position, propId: ['bench', 'pedestal', 'plant', 'table', 'crate'][i % 5]! }); break;
      case 2: doc.pictures.push({ id, position, imageUri: `/img/${Math.floor(i / 60)}.jpg` }); break;
      case 3: doc.portals.push({ id, position, target: { kind: 'scene', sceneId: 's' } }); break;
      case 4: doc.infoPoints.push({ id, position }); break;
      default: doc.videos.push({ id, position, videoUri: `/video/${i}.mp4`, autoplay: true }); break;
    }
  }
  return doc;
}

/**
 * A closed 10 × 8 m room with walls 0.2 m thick: back wall at z = 0 (x 0..10), right at x = 10, front
 * at z = 8, left at x = 0. Its faces inside the room are at z = 0.1, x = 9.9, z = 7.9 and x = 0.1.
 */
export function closedRoom() {
  return {
    version: SCENE_DOCUMENT_VERSION,
    customSpace: {
      levels: [{
        id: 'L0',
        floors: [{ id: 'f', polygon: [[0, 0], [10, 0], [10, 8], [0, 8]] }],
        walls: [
          { id: 'back', start: [0, 0], end: [10, 0] },
          { id: 'right', start: [10, 0], end: [10, 8] },
          { id: 'front', start: [10, 8], end: [0, 8] },
          { id: 'left', start: [0, 8], end: [0, 0] },
        ],
      }],
    },
  } satisfies SceneDocumentInput;
}

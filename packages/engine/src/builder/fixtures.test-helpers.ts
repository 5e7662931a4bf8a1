import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type Level, type SceneDocumentInput } from '@atrium/shared';

type LevelInput = NonNullable<NonNullable<SceneDocumentInput['customSpace']>['levels']>[number];

/** Parses a level through the real schema so tests see the same defaults the engine does. */
export function parseLevel(level: LevelInput, index = 0): Level {
  const levels = Array.from({ length: index + 1 }, (_, i) => (i === index ? level : { id: `pad-${i}` }));
  return sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, customSpace: { levels } }).customSpace!.levels[index]!;
}

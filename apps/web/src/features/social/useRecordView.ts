import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SceneMetadata } from '@atrium/shared';
import { api, call } from '../../api/client.ts';
import { exploreKeys, viewerKeys } from '../../api/keys.ts';

const recordView = (sceneId: string) => call(api.POST('/api/sceneview/{id}', { params: { path: { id: sceneId } } }));

/**
 * Counts the visit once the space is on screen (the server counts a visitor once per 6 hours and
 * leaves bots and the owner out) and puts it in a signed-in visitor's history.
 */
export function useRecordView(metadata: SceneMetadata, ready: boolean) {
  const qc = useQueryClient();
  const { sceneId, state } = metadata;
  useEffect(() => {
    if (!ready || state !== 'Published') return;
    recordView(sceneId).then(
      () => {
        void qc.invalidateQueries({ queryKey: viewerKeys.card(sceneId) });
        void qc.invalidateQueries({ queryKey: exploreKeys.all });
      },
      // A visit that could not be counted does not concern the visitor.
      () => undefined,
    );
  }, [qc, sceneId, state, ready]);
}

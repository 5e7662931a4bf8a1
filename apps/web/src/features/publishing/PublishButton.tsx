import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MySceneMetadata } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { PublishWizard } from './PublishWizard.tsx';
import './i18n.ts';

/**
 * The editor's Publish & Share entry: saves the draft, then opens the wizard with the space's current
 * metadata. A space must have been saved once (it needs an id) before it can be published.
 */
export function PublishButton({ sceneId, saving, onSave }: { sceneId: string | null; saving: boolean; onSave: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const meta = useQuery({
    queryKey: ['scene', 'metadata', sceneId],
    queryFn: () => api<MySceneMetadata>('GET', `/api/scene/metadata/${sceneId}`),
    enabled: opened && sceneId !== null,
  });
  return (
    <>
      <Button
        onClick={() => {
          onSave();
          setOpened(true);
        }}
        disabled={sceneId === null}
        data-testid="open-publish-wizard"
      >
        {t('publishing.wizard.publish')}
      </Button>
      {sceneId === null && <Text size="xs" c="dimmed">{t('publishing.wizard.saveFirst')}</Text>}
      {opened && sceneId && meta.data && (
        <PublishWizard
          opened
          onClose={() => setOpened(false)}
          sceneId={sceneId}
          saving={saving}
          initial={{
            title: meta.data.title,
            description: meta.data.description,
            tags: meta.data.tags,
            coverPhotoUri: meta.data.coverPhotoUri,
            photoGallery: meta.data.photoGallery,
          }}
        />
      )}
    </>
  );
}

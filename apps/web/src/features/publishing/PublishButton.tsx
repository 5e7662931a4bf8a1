import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMySceneMetadata } from './queries.ts';
import { PublishWizard } from './PublishWizard.tsx';
import './i18n.ts';

/**
 * The editor's Publish & Share entry: saves the draft, then opens the wizard with the space's current
 * metadata. A space must have been saved once (it needs an id) before it can be published.
 */
export function PublishButton({
  sceneId,
  saving,
  onSave,
  onPublished,
}: {
  sceneId: string | null;
  saving: boolean;
  onSave: () => void;
  onPublished?: () => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const meta = useMySceneMetadata(sceneId, opened);
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
          onPublished={() => onPublished?.()}
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

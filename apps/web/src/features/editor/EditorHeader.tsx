import { ActionIcon, Badge, Button, Group, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconEye, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS } from '@atrium/shared/constants';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

interface Props {
  session: EditorSession;
  snap: EditorSnapshot;
  /** null until the user record says what the person chose (it defaults to on). */
  autoSave: boolean | null;
  onAutoSave: (on: boolean) => void;
  onSave: () => void;
  onPreview: () => void;
  onGuide: () => void;
}

/** Spec §2 editor header: name (max 100), Draft/Published, autosave toggle, Save, Preview. */
export function EditorHeader({ session, snap, autoSave, onAutoSave, onSave, onPreview, onGuide }: Props) {
  const { t } = useTranslation();
  return (
    <header className={classes.header}>
      <Tooltip label="Atrium">
        <ActionIcon component={Link} to="/" variant="subtle" size="lg" aria-label={t('nav.home')}>
          <IconArrowLeft size={20} />
        </ActionIcon>
      </Tooltip>
      <TextInput
        aria-label={t('editor.spaceName')}
        placeholder={t('editor.spaceName')}
        value={snap.title}
        maxLength={LIMITS.spaceNameMax}
        onChange={(e) => session.setTitle(e.currentTarget.value.slice(0, LIMITS.spaceNameMax))}
        w={280}
        data-testid="space-name"
      />
      <Badge color={snap.published ? 'green' : 'orange'} variant="filled" data-testid="space-state">
        {snap.published ? t('editor.published') : t('editor.draft')}
      </Badge>
      <Text size="sm" c="dimmed" data-testid="save-status">
        {snap.saving
          ? t('editor.saving')
          : snap.dirty
            ? t('editor.unsaved')
            : snap.sceneId
              ? t('editor.allSaved')
              : ''}
      </Text>
      <Group gap="sm" ml="auto">
        <Tooltip label={t('editor.learningCenter')}>
          <ActionIcon variant="subtle" size="lg" onClick={onGuide} aria-label={t('editor.learningCenter')}>
            <IconSchool size={20} />
          </ActionIcon>
        </Tooltip>
        <Switch
          label={t('editor.autosave')}
          checked={autoSave ?? false}
          // A guess shown before the user record arrives could flip under the pointer.
          disabled={autoSave === null}
          onChange={(e) => onAutoSave(e.currentTarget.checked)}
          data-testid="autosave-toggle"
        />
        <Button variant="default" onClick={onSave} loading={snap.saving} data-testid="save-button">
          {t('editor.save')}
        </Button>
        <Button
          leftSection={<IconEye size={18} />}
          onClick={onPreview}
          disabled={snap.saving}
          data-testid="preview-button"
        >
          {t('editor.preview')}
        </Button>
      </Group>
    </header>
  );
}

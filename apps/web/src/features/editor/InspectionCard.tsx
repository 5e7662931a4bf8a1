import { CloseButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Inspection } from '@atrium/engine';
import type { EditorSession } from './session.ts';
import classes from './EditorTools.module.css';

const m = (v: number) => `${v.toFixed(2)} m`;
const vec = (v: readonly number[], unit = '') => v.map((x) => `${x.toFixed(2)}${unit}`).join(' · ');

/** Read-only facts about what the inspection tool clicked; nothing here edits the space. */
export function InspectionCard({ session, inspection }: { session: EditorSession; inspection: Inspection | null }) {
  const { t } = useTranslation();
  return (
    <aside className={classes.inspection} aria-live="polite" data-testid="inspection">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('editor.inspection.title')}</Text>
        <CloseButton size="sm" aria-label={t('editor.close')} onClick={() => session.setTool('select')} />
      </Group>
      {!inspection ? (
        <Text size="sm" c="dimmed" mt={6}>
          {t('editor.inspection.hint')}
        </Text>
      ) : inspection.type === 'item' ? (
        <>
          <Text size="sm" mt={6} data-testid="inspection-name">
            {inspection.title || inspection.id} · {t(`editor.inspection.kinds.${inspection.kind}`)}
          </Text>
          <dl className={classes.facts}>
            <dt>{t('editor.inspection.size')}</dt>
            <dd data-testid="inspection-size">{inspection.size ? vec(inspection.size, ' m') : t('editor.inspection.loading')}</dd>
            <dt>{t('editor.inspection.position')}</dt>
            <dd>{vec(inspection.position)}</dd>
            <dt>{t('editor.inspection.rotation')}</dt>
            <dd>{vec(inspection.rotation, '°')}</dd>
            <dt>{t('editor.inspection.scale')}</dt>
            <dd>{vec(inspection.scale)}</dd>
          </dl>
        </>
      ) : (
        <>
          <Text size="sm" mt={6} data-testid="inspection-name">
            {t('editor.inspection.wall')} · {t('editor.inspection.level', { n: inspection.levelIndex + 1 })}
          </Text>
          <dl className={classes.facts}>
            <dt>{t('editor.inspection.length')}</dt>
            <dd data-testid="inspection-length">{m(inspection.length)}</dd>
            <dt>{t('editor.inspection.height')}</dt>
            <dd>{m(inspection.height)}</dd>
            <dt>{t('editor.inspection.thickness')}</dt>
            <dd>{m(inspection.thickness)}</dd>
            <dt>{t('editor.inspection.openings')}</dt>
            <dd>{t('editor.inspection.openingsValue', { doors: inspection.doors, windows: inspection.windows })}</dd>
          </dl>
        </>
      )}
    </aside>
  );
}

import { useState } from 'react';
import { Button, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContentPanel } from './ContentPanel.tsx';
import { DefinePanel } from './DefinePanel.tsx';
import { PathsPanel } from './PathsPanel.tsx';
import { PublishButton } from '../publishing/PublishButton.tsx';
import { PublishedActions } from '../publishing/PublishedActions.tsx';
import type { EditorSession, EditorSnapshot } from './session.ts';
import { StylePanel } from './StylePanel.tsx';
import classes from './Editor.module.css';

const STEPS = ['define', 'content', 'style', 'paths', 'publish'] as const;
type Step = (typeof STEPS)[number];

/** The left panel: the five steps of spec §2 and the active step's tools. */
export function StepsPanel({ session, snap, onSave }: { session: EditorSession; snap: EditorSnapshot; onSave: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('define');
  return (
    <aside className={classes.steps}>
      <nav className={classes.stepNav} aria-label={t('editor.stepsNav')}>
        {STEPS.map((s, i) => (
          <UnstyledButton key={s} className={classes.stepButton} data-active={step === s} onClick={() => setStep(s)} data-testid={`step-${s}`}>
            <span className={classes.stepNumber}>{i + 1}</span>
            {t(`editor.steps.${s}`)}
          </UnstyledButton>
        ))}
      </nav>
      {/* Keyed by step: each step opens at its top, not at the previous step's scroll position. */}
      <div className={classes.stepBody} key={step} data-testid="step-body">
        {step === 'define' && <DefinePanel session={session} snap={snap} />}
        {step === 'content' && <ContentPanel session={session} />}
        {step === 'style' && <StylePanel session={session} snap={snap} />}
        {step === 'paths' && <PathsPanel session={session} snap={snap} />}
        {step === 'publish' && (
          <Stack gap="sm">
            <Text size="sm">{t('editor.publish.text')}</Text>
            <Button onClick={onSave} loading={snap.saving} data-testid="publish-save">
              {t('editor.publish.saveNow')}
            </Button>
            <PublishButton sceneId={snap.sceneId} saving={snap.saving} onSave={onSave} onPublished={() => session.setPublished(true)} />
            {snap.published && snap.sceneId && <PublishedActions sceneId={snap.sceneId} onUnpublished={() => session.setPublished(false)} />}
          </Stack>
        )}
      </div>
    </aside>
  );
}

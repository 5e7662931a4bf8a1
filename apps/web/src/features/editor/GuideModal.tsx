import { useState } from 'react';
import { Button, Group, Modal, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localStore } from '../../browserStorage.ts';
import { WalkthroughArt } from './walkthroughArt.tsx';
import classes from './GuideModal.module.css';

/** Set once the walkthrough has been finished or skipped: it opens by itself only before that. */
export const WALKTHROUGH_SEEN_KEY = 'atrium.editor.walkthroughSeen';
export const walkthroughSeen = (): boolean => localStore().getItem(WALKTHROUGH_SEEN_KEY) === '1';

/**
 * Spec §2's editor guide as a short walkthrough: five illustrated steps of one sentence each, dots
 * for the step (they never wrap), Skip on every step, ←/→ to move. It opens by itself on the first
 * editor visit (`walkthroughSeen`), and from the learning-center button any time; closing it in any
 * way remembers it was seen.
 */
export function GuideModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const titles = t('editor.guide.steps', { returnObjects: true }) as string[];
  const texts = t('editor.guide.texts', { returnObjects: true }) as string[];
  const last = step === titles.length - 1;
  const close = () => {
    localStore().setItem(WALKTHROUGH_SEEN_KEY, '1');
    setStep(0);
    onClose();
  };
  const go = (to: number) => setStep(Math.max(0, Math.min(titles.length - 1, to)));
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('editor.guide.title')}
      size={520}
      centered
      data-testid="walkthrough"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(step + 1);
        else if (e.key === 'ArrowLeft') go(step - 1);
      }}
    >
      <div className={classes.art}>
        <WalkthroughArt step={step} />
      </div>
      <Text fw={700} mt="sm" data-testid="walkthrough-title">
        {t('editor.guide.stepOf', { n: step + 1, total: titles.length })} · {titles[step]}
      </Text>
      <Text mt={4} mb="md" data-testid={`guide-step-${step}`} aria-live="polite">
        {texts[step]}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <div className={classes.dots} role="group" aria-label={t('editor.guide.stepsLabel')} data-testid="walkthrough-dots">
          {titles.map((title, i) => (
            <UnstyledButton key={title} className={classes.dot} data-active={i === step} aria-label={title} aria-current={i === step ? 'step' : undefined} onClick={() => go(i)} />
          ))}
        </div>
        <Group gap="xs" wrap="nowrap">
          {!last && (
            <Button variant="subtle" color="gray" onClick={close} data-testid="walkthrough-skip">
              {t('editor.guide.skip')}
            </Button>
          )}
          {step > 0 && (
            <Button variant="default" onClick={() => go(step - 1)}>
              {t('editor.guide.previous')}
            </Button>
          )}
          <Button onClick={() => (last ? close() : go(step + 1))} data-testid="walkthrough-next" data-autofocus>
            {last ? t('editor.guide.done') : t('editor.guide.next')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}

import { useState } from 'react';
import { Button, Group, Modal, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §2: the editor guide with five steps, reachable from the learning-center button. */
export function GuideModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const titles = t('editor.guide.steps', { returnObjects: true }) as string[];
  const texts = t('editor.guide.texts', { returnObjects: true }) as string[];
  const last = step === titles.length - 1;
  return (
    <Modal opened={opened} onClose={onClose} title={t('editor.guide.title')} size="lg" centered>
      <Stepper active={step} onStepClick={setStep} size="sm" mb="lg">
        {titles.map((title, i) => (
          <Stepper.Step key={title} label={title}>
            <Text mt="md" data-testid={`guide-step-${i}`}>
              {texts[i]}
            </Text>
          </Stepper.Step>
        ))}
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
          {t('editor.guide.previous')}
        </Button>
        <Button onClick={() => (last ? onClose() : setStep((s) => s + 1))}>{last ? t('editor.guide.done') : t('editor.guide.next')}</Button>
      </Group>
    </Modal>
  );
}

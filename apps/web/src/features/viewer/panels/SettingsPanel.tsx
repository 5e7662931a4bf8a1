import { SegmentedControl, Select, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FILTERING_MODES, QUALITY_PRESETS, type FilteringMode, type QualityPreset } from '@atrium/engine';
import { RENDER_QUALITY_MIN, TARGET_FRAMERATES, type TargetFramerate } from '../viewerSettings.ts';
import type { PanelProps } from './registry.ts';
import { VoiceSettings } from '../../voice/VoiceSettings.tsx';

function Field({ label, id, children }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Text id={id} size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function SettingsPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const { settings, updateSettings } = ctx.prefs;
  return (
    <Stack gap="lg">
      {ctx.flags.showCommunications && <VoiceSettings />}
      <Select
        label={t('viewer.settings.quality')}
        data={QUALITY_PRESETS.map((q) => ({ value: q, label: q }))}
        value={settings.quality}
        allowDeselect={false}
        onChange={(v) => v && updateSettings({ quality: v as QualityPreset })}
        comboboxProps={{ withinPortal: false }}
      />
      <Field label={t('viewer.settings.renderQuality')} id="viewer-render-quality">
        <Slider
          aria-labelledby="viewer-render-quality"
          min={RENDER_QUALITY_MIN}
          max={100}
          step={5}
          value={settings.renderQuality}
          onChange={(v) => updateSettings({ renderQuality: v })}
          label={(v) => `${v}%`}
          marks={[{ value: 50, label: '50%' }, { value: 75, label: '75%' }, { value: 100, label: '100%' }]}
          mb="md"
        />
      </Field>
      <Field label={t('viewer.settings.framerate')} id="viewer-framerate">
        <SegmentedControl
          aria-labelledby="viewer-framerate"
          fullWidth
          value={String(settings.targetFramerate)}
          onChange={(v) => updateSettings({ targetFramerate: Number(v) as TargetFramerate })}
          data={TARGET_FRAMERATES.map((f) => ({ value: String(f), label: f === 0 ? t('viewer.settings.unlimited') : t('viewer.settings.fps', { n: f }) }))}
        />
      </Field>
      <Field label={t('viewer.settings.filtering')} id="viewer-filtering">
        <SegmentedControl
          aria-labelledby="viewer-filtering"
          fullWidth
          value={settings.filtering}
          onChange={(v) => updateSettings({ filtering: v as FilteringMode })}
          data={[...FILTERING_MODES]}
        />
      </Field>
    </Stack>
  );
}

import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatBytes } from '@atrium/shared/assets/kinds';
import type { Asset } from '@atrium/shared/assets/schema';
import { useTranslation } from 'react-i18next';

/** Spec §3 model counts, the before/after triangle figures and the web-budget warning. */
export function ModelStats({ asset, compact = false }: { asset: Asset; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const s = asset.stats;
  if (!s) return null;
  const n = (v: number | undefined) => (v ?? 0).toLocaleString(i18n.language);
  const rows: [string, string][] = [
    [
      t('assets.stats.triangles'),
      s.trianglesBefore != null && s.trianglesBefore !== s.triangles
        ? `${n(s.triangles)} (${n(s.trianglesBefore)} ${t('assets.stats.trianglesBefore')})`
        : n(s.triangles),
    ],
    [t('assets.stats.meshes'), n(s.meshes)],
    [t('assets.stats.materials'), n(s.materials)],
    [t('assets.stats.textures'), n(s.textures)],
    [t('assets.stats.animationClips'), n(s.animationClips)],
  ];
  if (!compact) {
    if (s.outputBytes != null) rows.push([t('assets.stats.size'), `${formatBytes(s.inputBytes ?? 0)} → ${formatBytes(s.outputBytes)}`]);
  }
  return (
    <Stack gap={4} data-testid="model-stats">
      <Group gap="md" wrap="wrap">
        {rows.map(([k, v]) => (
          <Text key={k} size="xs" c="dimmed">
            {k}: <b>{v}</b>
          </Text>
        ))}
      </Group>
      {(asset.warnings ?? []).map((w) => (
        <Alert key={w} color="orange" variant="light" icon={<IconAlertTriangle size={16} />} p="xs">
          <Text size="xs">{w}</Text>
        </Alert>
      ))}
    </Stack>
  );
}

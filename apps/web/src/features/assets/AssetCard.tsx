import { ActionIcon, Badge, Group, Menu, Progress, Text } from '@mantine/core';
import { IconBox, IconDots, IconLink, IconMusic, IconPencil, IconTrash, IconTypography, IconWorldWww } from '@tabler/icons-react';
import type { Asset } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import { ModelStats } from './ModelStats.tsx';
import classes from './Assets.module.css';

const ICONS = { audio: IconMusic, model3d: IconBox, text3d: IconTypography, hyperText: IconLink, webView3d: IconWorldWww } as const;

function Thumb({ asset }: { asset: Asset }) {
  const f = asset.fields as { text?: string; url?: string };
  // Model renders are square on a plain backdrop: shown whole rather than cropped to the card.
  if (asset.thumbnailUrl) {
    return <img src={asset.thumbnailUrl} alt="" loading="lazy" className={asset.kind === 'model3d' ? classes.contain : undefined} />;
  }
  if (asset.kind === 'text3d' || asset.kind === 'hyperText') return <div className={classes.thumbText}>{f.text}</div>;
  const Icon = ICONS[asset.kind as keyof typeof ICONS] ?? IconBox;
  return (
    <Group gap={6} p="md" wrap="nowrap">
      <Icon size={40} stroke={1.4} />
      {asset.kind === 'webView3d' && (
        <Text size="sm" lineClamp={2}>
          {f.url}
        </Text>
      )}
    </Group>
  );
}

/** Spec §2 asset card: thumbnail, title, description, creator, updatedAt; owners get Edit and Delete. */
export function AssetCard({ asset, onEdit, onDelete }: { asset: Asset; onEdit?: () => void; onDelete?: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={classes.card} data-testid="asset-card" data-asset-id={asset.id} data-status={asset.status}>
      <div className={classes.thumb}>
        <Thumb asset={asset} />
        {asset.status !== 'ready' && (
          <Badge className={classes.badge} color={asset.status === 'failed' ? 'red' : 'atrium'}>
            {asset.status === 'failed' ? t('assets.failed') : t('assets.processing', { pct: asset.progress })}
          </Badge>
        )}
      </div>
      <div className={classes.body}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text className={classes.title} data-testid="asset-title">
            {asset.title || t(`assets.kinds.${asset.kind}`)}
          </Text>
          {(onEdit || onDelete) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('assets.edit')}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {onEdit && (
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                    {t('assets.edit')}
                  </Menu.Item>
                )}
                {onDelete && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                    {t('assets.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {asset.description && (
          <Text size="sm" c="dimmed" className={classes.desc}>
            {asset.description}
          </Text>
        )}
        {asset.status === 'processing' && <Progress value={asset.progress} size="sm" animated />}
        {asset.kind === 'model3d' && asset.status === 'ready' && <ModelStats asset={asset} compact />}
        {asset.duration != null && (
          <Text size="xs" c="dimmed">
            {t('assets.duration', { s: asset.duration.toFixed(1) })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {asset.creator ? `${t('assets.by', { name: asset.creator.name })} · ` : ''}
          {t('assets.updated', { when: new Date(asset.updatedAt).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' }) })}
        </Text>
      </div>
    </article>
  );
}

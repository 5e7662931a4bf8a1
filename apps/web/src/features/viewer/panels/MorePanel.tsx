import { useEffect, useState } from 'react';
import { Button, Kbd, Stack, Table, Text } from '@mantine/core';
import { IconFlag, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../LinkButton.tsx';
import type { PanelProps } from './registry.ts';

const CONTROLS = ['move', 'look', 'run', 'jump', 'interact', 'release'] as const;

function useFullscreen(): boolean {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const update = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return on;
}

export function MorePanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const fullscreen = useFullscreen();
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void (ctx.stage ?? document.documentElement).requestFullscreen?.().catch(() => {});
  };
  const report = `/contact?subject=${encodeURIComponent(`Report space ${ctx.sceneId}`)}`;
  return (
    <Stack gap="lg">
      {canFullscreen && (
        <Button variant="light" leftSection={fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />} onClick={toggle}>
          {fullscreen ? t('viewer.more.exitFullscreen') : t('viewer.more.fullscreen')}
        </Button>
      )}
      <Stack gap="xs">
        <Text fw={700}>{t('viewer.more.help')}</Text>
        <Table verticalSpacing={6} fz="sm">
          <Table.Tbody>
            {CONTROLS.map((c) => (
              <Table.Tr key={c}>
                <Table.Td c="dimmed">{t(`viewer.more.controls.${c}`)}</Table.Td>
                <Table.Td>{c === 'run' || c === 'jump' || c === 'release' ? <Kbd>{t(`viewer.more.keys.${c}`)}</Kbd> : t(`viewer.more.keys.${c}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <LinkButton to={report} external={ctx.embedded} variant="subtle" color="red" leftSection={<IconFlag size={18} />}>
        {t('viewer.more.report')}
      </LinkButton>
    </Stack>
  );
}

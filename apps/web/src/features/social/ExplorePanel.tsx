import { useState } from 'react';
import { Button, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Tabs.css';
import { msg } from '../../i18n/msg.ts';
import { useSession } from '../../auth/useSession.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { EXPLORE_TABS, signedInOnly, useOtherSpaces, type ExploreTab } from './queries.ts';
import { MiniSpaceCard } from './MiniSpaceCard.tsx';
import './i18n.ts';

function OtherSpaces({ tab, sceneId }: { tab: ExploreTab; sceneId: string }) {
  const { t } = useTranslation();
  const q = useOtherSpaces(tab, sceneId, true);
  // The space being visited is not "another" space.
  const cards = (q.data?.pages.flat() ?? []).filter((c) => c.sceneId !== sceneId);
  if (q.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  if (q.isError && cards.length === 0)
    return (
      <Text size="sm" c="red" py="md">
        {t('social.explore.failed')}
      </Text>
    );
  if (cards.length === 0)
    return (
      <Text size="sm" c="dimmed" py="md">
        {msg.noSpacesFound}
      </Text>
    );
  return (
    <Stack gap={4} data-testid={`others-${tab}`}>
      {cards.map((c) => (
        <MiniSpaceCard key={c.sceneId} card={c} />
      ))}
      {q.hasNextPage && (
        <Button variant="subtle" size="xs" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          {t('social.explore.more')}
        </Button>
      )}
    </Stack>
  );
}

/** Spec §2 Viewer "Explore other spaces": ALL, RELATED, TRENDING, MY HISTORY, MY FAVOURITES. */
export default function ExplorePanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const tabs = EXPLORE_TABS.filter((tab) => signedIn || !signedInOnly(tab));
  const [active, setActive] = useState<ExploreTab>('all');
  const current = tabs.includes(active) ? active : 'all';

  return (
    <Tabs value={current} onChange={(v) => v && setActive(v as ExploreTab)} variant="pills" radius="xl" keepMounted={false}>
      <Tabs.List mb="sm" aria-label={t('social.explore.label')}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} fz="xs" fw={700} px={10}>
            {t(`social.explore.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          <OtherSpaces tab={tab} sceneId={ctx.sceneId} />
        </Tabs.Panel>
      ))}
      {!signedIn && session.status !== 'loading' && (
        <Text size="xs" c="dimmed" mt="md">
          {t('social.explore.signIn')}
        </Text>
      )}
    </Tabs>
  );
}

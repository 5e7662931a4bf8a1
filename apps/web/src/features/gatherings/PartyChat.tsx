import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatList } from '../realtime/ChatList.tsx';
import { Composer } from '../realtime/Composer.tsx';
import { useRealtime } from '../realtime/store.ts';
import { useGatherings, useGatheringsSnapshot } from './live.ts';
import './i18n.ts';

/**
 * Party chat (issue 20): members only, wherever each is (live-user hub `SendPartyMessage` →
 * `PartyMessage` to each member); live, not stored. Needs the space's realtime connection.
 */
export function PartyChat({ partyId }: { partyId: string }) {
  const { t } = useTranslation();
  const live = useGatherings();
  const snap = useGatheringsSnapshot();
  const rt = useRealtime();
  if (!live || !rt) return null;
  const muted = new Set(rt.muted);
  const items = (snap?.partyMessages ?? []).filter((m) => m.partyId === partyId && !muted.has(m.user.id));
  return (
    <Stack gap="xs" data-testid="party-chat">
      <Text size="sm" fw={700}>
        {t('gatherings.party.chat')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('gatherings.party.chatHint')}
      </Text>
      <ChatList items={items} myUserId={rt.myUserId} empty={t('gatherings.party.chatEmpty')} />
      <Composer onSend={(text) => live.sendParty(text)} />
    </Stack>
  );
}

import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/useSession.ts';
import { notify } from '../../notify.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { EventChat } from './EventChat.tsx';
import { EventForm } from './EventForm.tsx';
import { useEventMutations, useSpaceEvents, type SpaceEvent } from './queries.ts';
import './i18n.ts';

function EventCard({
  ev,
  owner,
  onEdit,
  onDelete,
}: {
  ev: SpaceEvent;
  owner: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="space-event">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text fw={700} truncate>
            {ev.title}
          </Text>
          {ev.live && (
            <Badge color="red" variant="filled" size="sm">
              {t('gatherings.events.liveNow')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('gatherings.events.when', {
            start: new Date(ev.startsAt).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
            minutes: ev.durationMinutes,
          })}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Avatar src={ev.host.profilePicture} name={ev.host.name ?? ''} color="initials" size="sm" />
          <Text size="xs">{t('gatherings.events.hostedBy', { name: ev.host.name ?? '' })}</Text>
        </Group>
        {ev.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
            {ev.description}
          </Text>
        )}
        {owner &&
          (confirming ? (
            <Stack gap={4}>
              <Text size="xs">{t('gatherings.events.deleteConfirm', { title: ev.title })}</Text>
              <Group gap={6}>
                <Button size="compact-xs" color="red" onClick={onDelete}>
                  {t('gatherings.events.delete')}
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
                  {t('gatherings.events.keep')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap={6}>
              <Button size="compact-xs" variant="light" onClick={onEdit}>
                {t('gatherings.events.edit')}
              </Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t('gatherings.events.delete')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Card>
  );
}

/**
 * Spec §2 Viewer "Events": the space's live and upcoming events; the live one's chat reaches every
 * instance. The space's owner schedules, edits and cancels them here.
 */
export default function EventsPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const session = useSession();
  const events = useSpaceEvents(ctx.sceneId);
  const m = useEventMutations(ctx.sceneId);
  const [editing, setEditing] = useState<SpaceEvent | 'new' | null>(null);
  const owner = !!session.user && session.user.userId === ctx.metadata.ownerId && !ctx.embedded;
  const list = events.data ?? [];
  const live = list.find((e) => e.live);

  return (
    <Stack gap="md">
      {owner &&
        (editing ? (
          <EventForm
            initial={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              if (editing === 'new') await m.create.mutateAsync(body);
              else await m.update.mutateAsync({ eventId: editing.eventId, body });
              notify.success(
                t(editing === 'new' ? 'gatherings.events.scheduled' : 'gatherings.events.saved'),
              );
              setEditing(null);
            }}
          />
        ) : (
          <Button
            leftSection={<IconCalendarPlus size={18} />}
            variant="light"
            onClick={() => setEditing('new')}
          >
            {t('gatherings.events.schedule')}
          </Button>
        ))}
      {list.length === 0 && !events.isLoading ? (
        <Text size="sm" c="dimmed">
          {t('gatherings.events.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          {list.map((ev) => (
            <EventCard
              key={ev.eventId}
              ev={ev}
              owner={owner}
              onEdit={() => setEditing(ev)}
              onDelete={() =>
                void m.remove
                  .mutateAsync(ev.eventId)
                  .then(() => notify.success(t('gatherings.events.deleted')))
              }
            />
          ))}
        </Stack>
      )}
      {/* Below the list, so the schedule stays in view; the chat grows with the conversation. */}
      {live && session.user && <EventChat sceneId={ctx.sceneId} />}
    </Stack>
  );
}

import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/useSession.ts';
import { notify } from '../../notify.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { EventChat } from './EventChat.tsx';
import { EventForm } from './EventForm.tsx';
import { useEventMutations, useRsvp, useRsvpList, useSpaceEvents, type RsvpAnswer, type SpaceEvent } from './queries.ts';
import './i18n.ts';

/** Going / not going, the counts, and (for the owner) who answered. */
function Rsvp({ ev, sceneId, signedIn, owner }: { ev: SpaceEvent; sceneId: string; signedIn: boolean; owner: boolean }) {
  const { t } = useTranslation();
  const rsvp = useRsvp(sceneId);
  const [showList, setShowList] = useState(false);
  const answers = useRsvpList(ev.eventId, owner && showList);
  return (
    <Stack gap={4} data-testid="event-rsvp">
      <Text size="xs" c="dimmed" data-testid="event-rsvp-counts">
        {t('gatherings.events.rsvpCounts', { going: ev.going, notGoing: ev.notGoing })}
      </Text>
      {signedIn ? (
        <SegmentedControl
          size="xs"
          aria-label={t('gatherings.events.rsvpLabel')}
          value={ev.myRsvp ?? ''}
          disabled={rsvp.isPending}
          onChange={(answer) =>
            rsvp.mutate(
              { eventId: ev.eventId, answer: answer as RsvpAnswer },
              { onError: (e) => notify.error(e instanceof Error ? e.message : String(e)) },
            )
          }
          data={[
            { value: 'going', label: t('gatherings.events.going') },
            { value: 'notGoing', label: t('gatherings.events.notGoing') },
          ]}
        />
      ) : (
        <Text size="xs">{t('gatherings.events.signInToRsvp')}</Text>
      )}
      {ev.myRsvp === 'going' && !ev.live && (
        <Text size="xs" c="dimmed">
          {t('gatherings.events.rsvpReminder')}
        </Text>
      )}
      {owner && (
        <>
          <Button size="compact-xs" variant="subtle" onClick={() => setShowList((v) => !v)} aria-expanded={showList}>
            {t('gatherings.events.whoIsComing')}
          </Button>
          {showList && answers.data && (
            <Stack gap={2} data-testid="event-rsvp-list">
              {answers.data.length === 0 && (
                <Text size="xs" c="dimmed">
                  {t('gatherings.events.noAnswers')}
                </Text>
              )}
              {answers.data.map((a) => (
                <Group key={a.userId} gap={6} wrap="nowrap">
                  <Avatar src={a.profilePicture} name={a.name ?? ''} color="initials" size="xs" />
                  <Text size="xs" truncate>
                    {a.name}
                  </Text>
                  <Badge size="xs" variant="light" color={a.answer === 'going' ? 'green' : 'gray'}>
                    {t(a.answer === 'going' ? 'gatherings.events.going' : 'gatherings.events.notGoing')}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function EventCard({
  ev,
  owner,
  sceneId,
  signedIn,
  onEdit,
  onDelete,
}: {
  ev: SpaceEvent;
  owner: boolean;
  sceneId: string;
  signedIn: boolean;
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
        <Rsvp ev={ev} sceneId={sceneId} signedIn={signedIn} owner={owner} />
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
              sceneId={ctx.sceneId}
              signedIn={!!session.user && !ctx.embedded}
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

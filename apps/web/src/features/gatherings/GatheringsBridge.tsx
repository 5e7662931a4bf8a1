import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../notify.ts';
import { useRealtimeSession } from '../realtime/store.ts';
import type { ViewerContext } from '../viewer/panels/registry.ts';
import './i18n.ts';
import { GatheringsLive, setCurrentGatherings } from './live.ts';
import { gatheringKeys, usePartyInvitations } from './queries.ts';

/**
 * Listens for events and parties while the visitor is in a space: Event chat, invitations (a toast),
 * and following the party leader into the space and instance they entered. Renders nothing.
 */
export function GatheringsBridge({ ctx }: { ctx: ViewerContext }) {
  const { t } = useTranslation();
  const session = useRealtimeSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { sceneId, embedded } = ctx;

  useEffect(() => {
    if (!session) return;
    const live = new GatheringsLive(session, {
      leaderMoved: (e) => {
        // An embed lives in someone else's page: it does not wander off to other spaces.
        if (embedded) return;
        if (e.sceneId === sceneId && e.instanceId === session.snapshot.instanceId) return;
        notify.info(t('gatherings.party.following'));
        void navigate(
          `/viewer/${encodeURIComponent(e.sceneId)}?instance=${encodeURIComponent(e.instanceId)}`,
        );
      },
      partyChanged: () => {
        void qc.invalidateQueries({ queryKey: gatheringKeys.party });
        void qc.invalidateQueries({ queryKey: gatheringKeys.invitations });
      },
    });
    setCurrentGatherings(live);
    return () => {
      live.dispose();
      setCurrentGatherings(null);
    };
  }, [session, sceneId, embedded, navigate, qc, t]);

  // A new invitation while in a space shows as a toast (the Party sidebar lists them).
  const invitations = usePartyInvitations(!!session);
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!invitations.data) return;
    const ids = new Set(invitations.data.map((i) => i.invitationId));
    if (known.current) {
      for (const inv of invitations.data) {
        if (!known.current.has(inv.invitationId))
          notify.info(
            t('gatherings.party.invitedToast', { name: inv.from.name ?? t('gatherings.party.someone') }),
          );
      }
    }
    known.current = ids;
  }, [invitations.data, t]);
  return null;
}

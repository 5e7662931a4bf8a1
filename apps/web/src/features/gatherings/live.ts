import { HUB_EVENTS, HUB_METHODS, type HubAck } from '@atrium/shared/realtime/protocol';
import type { EventMessage } from '@atrium/shared/events/index';
import type { PartyLeaderMoved, PartyMessage } from '@atrium/shared/parties/index';
import { currentStore } from '../../components/currentStore.ts';
import { SnapshotStore } from '../../components/snapshotStore.ts';
import type { RealtimeSession } from '../realtime/session.ts';

export interface GatheringsSnapshot {
  /** Event chat heard during this visit (not stored on the server), oldest first. */
  eventMessages: EventMessage[];
  /** Party chat heard during this visit (live, not stored), oldest first. */
  partyMessages: PartyMessage[];
}

const MAX_MESSAGES = 300;

/**
 * Events and parties on one realtime session's live-user hub: Event chat as it arrives from every
 * instance of the space, and the party's "the leader moved" and "the party changed" signals.
 */
export class GatheringsLive extends SnapshotStore<GatheringsSnapshot> {
  private readonly session: RealtimeSession;
  private readonly off: () => void;

  constructor(
    session: RealtimeSession,
    on: { leaderMoved(e: PartyLeaderMoved): void; partyChanged(): void },
  ) {
    super({ eventMessages: [], partyMessages: [] });
    this.session = session;
    this.off = session.onHubEvent((event, payload) => {
      if (event === HUB_EVENTS.eventMessage) this.arrived(payload as EventMessage);
      else if (event === HUB_EVENTS.partyMessage) this.arrivedParty(payload as PartyMessage);
      else if (event === HUB_EVENTS.partyLeaderMoved) on.leaderMoved(payload as PartyLeaderMoved);
      else if (event === HUB_EVENTS.partyChanged) on.partyChanged();
    });
  }

  private arrived(m: EventMessage) {
    if (this.state.eventMessages.some((x) => x.id === m.id)) return;
    this.set({ eventMessages: [...this.state.eventMessages, m].slice(-MAX_MESSAGES) });
  }

  private arrivedParty(m: PartyMessage) {
    if (this.state.partyMessages.some((x) => x.id === m.id)) return;
    this.set({ partyMessages: [...this.state.partyMessages, m].slice(-MAX_MESSAGES) });
  }

  sendParty(text: string): Promise<HubAck> {
    return this.session.callHub(HUB_METHODS.sendPartyMessage, { text });
  }

  sendEvent(text: string): Promise<HubAck> {
    return this.session.callHub(HUB_METHODS.sendEventMessage, { text });
  }

  dispose() {
    this.off();
    this.forgetListeners();
  }
}

const gatherings = currentStore<GatheringsLive, GatheringsSnapshot>();
export const setCurrentGatherings = gatherings.set;
export const useGatherings = gatherings.useCurrent;
export const useGatheringsSnapshot = gatherings.useSnapshot;

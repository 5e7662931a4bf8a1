import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import type { Answer, JsonBody } from '../../api/wire.ts';

// Events (sceneevent) and parties (party, partyinvitation) through the generated client.

export type SpaceEvent = Answer<'/api/sceneevent/scene/{id}', 'get'>[number];
export type NewSpaceEvent = JsonBody<'/api/sceneevent/scene/{id}', 'post'>;
export type Party = NonNullable<Answer<'/api/party', 'get'>['party']>;
export type PartyInvitation = Answer<'/api/partyinvitation', 'get'>[number];

export const gatheringKeys = {
  events: (sceneId: string) => ['gatherings', 'events', sceneId] as const,
  party: ['gatherings', 'party'] as const,
  invitations: ['gatherings', 'invitations'] as const,
};

const byId = (id: string) => ({ params: { path: { id } } });

/** Live and upcoming events of a space; refreshed every minute so "live" turns on by itself. */
export function useSpaceEvents(sceneId: string) {
  return useQuery({
    queryKey: gatheringKeys.events(sceneId),
    queryFn: () => call(api.GET('/api/sceneevent/scene/{id}', byId(sceneId))),
    refetchInterval: 60_000,
  });
}

export function useEventMutations(sceneId: string) {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: gatheringKeys.events(sceneId) });
  return {
    create: useMutation({
      mutationFn: (body: NewSpaceEvent) =>
        call(api.POST('/api/sceneevent/scene/{id}', { ...byId(sceneId), body })),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ eventId, body }: { eventId: string; body: Partial<NewSpaceEvent> }) =>
        call(api.PATCH('/api/sceneevent/{id}', { ...byId(eventId), body })),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (eventId: string) => call(api.DELETE('/api/sceneevent/{id}', byId(eventId))),
      onSuccess,
    }),
  };
}

export type RsvpAnswer = JsonBody<'/api/sceneevent/{id}/rsvp', 'put'>['answer'];

/** RSVP: the answer changes the event's counts and the caller's own answer, so the list is read again. */
export function useRsvp(sceneId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, answer }: { eventId: string; answer: RsvpAnswer }) =>
      call(api.PUT('/api/sceneevent/{id}/rsvp', { ...byId(eventId), body: { answer } })),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: gatheringKeys.events(sceneId) }),
        qc.invalidateQueries({ queryKey: ['gatherings', 'rsvps'] }),
      ]),
  });
}

/** Who answered an event's RSVP: the space owner's list. */
export function useRsvpList(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['gatherings', 'rsvps', eventId],
    queryFn: () => call(api.GET('/api/sceneevent/{id}/rsvp', byId(eventId))),
    enabled,
  });
}

// The hub's PartyChanged makes these immediate; reading again on opening and every 15 s keeps them
// right when the hub is down (it gives up after three reconnects, spec §8).
export function useMyParty(enabled = true) {
  return useQuery({
    queryKey: gatheringKeys.party,
    queryFn: async () => (await call(api.GET('/api/party'))).party,
    enabled,
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function usePartyInvitations(enabled = true) {
  return useQuery({
    queryKey: gatheringKeys.invitations,
    queryFn: () => call(api.GET('/api/partyinvitation')),
    enabled,
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

/** Every party action answers with (or changes) the caller's party: both lists are read again. */
export function usePartyActions() {
  const qc = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: gatheringKeys.party }),
      qc.invalidateQueries({ queryKey: gatheringKeys.invitations }),
    ]);
  return {
    start: useMutation({ mutationFn: () => call(api.POST('/api/party')), onSuccess }),
    invite: useMutation({
      mutationFn: (userId: string) => call(api.POST('/api/partyinvitation', { body: { userId } })),
      onSuccess,
    }),
    accept: useMutation({
      mutationFn: (invitationId: string) => call(api.POST('/api/partyinvitation/{id}', byId(invitationId))),
      onSuccess,
    }),
    dismiss: useMutation({
      mutationFn: (invitationId: string) => call(api.DELETE('/api/partyinvitation/{id}', byId(invitationId))),
      onSuccess,
    }),
    leave: useMutation({
      mutationFn: (partyId: string) => call(api.DELETE('/api/party/{id}', byId(partyId))),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ partyId, userId }: { partyId: string; userId: string }) =>
        call(api.DELETE('/api/party/{id}/members/{userId}', { params: { path: { id: partyId, userId } } })),
      onSuccess,
    }),
  };
}

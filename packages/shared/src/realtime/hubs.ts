// Where the realtime servers listen and what the hubs' methods and events are called (spec §7): plain
// constants, re-exported by protocol.ts, so Explore's live counts load without the message schemas.

/** Where the servers listen, relative to the app origin. */
export const REALTIME_PATHS = {
  /** Colyseus matchmaking (POST {base}/matchmake/…) and room sockets ({base}/{process}/{room}). */
  spaces: '/realtime/spaces',
  /** Socket.IO engine path shared by the three hubs. */
  hubs: '/realtime/hubs',
} as const;

/** Socket.IO namespaces of the hubs of spec §7. */
export const HUBS = {
  liveUser: '/liveuser',
  directMessage: '/directmessagegroup',
  notification: '/notification',
  /**
   * Not in spec §7: a read-only, sign-in-free feed of the live-user hub's counts for Explore and
   * space cards (anyone may browse them; /api/live answers the same once).
   */
  liveCounts: '/livecounts',
} as const;
export type HubName = keyof typeof HUBS;

/** Hub methods (client → server) and events (server → client), names as in spec §7. */
export const HUB_METHODS = {
  joinScene: 'JoinScene',
  exitCurrentScene: 'ExitCurrentScene',
  sendPublicMessage: 'SendPublicMessage',
  sendDirectMessageGroupMessage: 'SendDirectMessageGroupMessage',
  /** Live-counts feed: which spaces' counts this socket wants (replaces the previous list). */
  watchScenes: 'WatchScenes',
  /** Event chat (issue 20): to every instance of the visitor's space while an event is on. */
  sendEventMessage: 'SendEventMessage',
  /** Party chat (issue 20): to every member of the sender's party, wherever they are. */
  sendPartyMessage: 'SendPartyMessage',
} as const;

export const HUB_EVENTS = {
  totalLiveVisitors: 'TotalLiveVisitors',
  myUserId: 'MyUserId',
  enteredInstance: 'EnteredInstance',
  exitedInstance: 'ExitedInstance',
  liveVisitorCountPerSceneInstance: 'LiveVisitorCountPerSceneInstance',
  liveVisitorsInMySceneInstance: 'LiveVisitorsInMySceneInstance',
  liveVisitorCountInMyScene: 'LiveVisitorCountInMyScene',
  publicMessage: 'PublicMessage',
  newDirectMessageGroup: 'NewDirectMessageGroup',
  newDirectMessageGroupMessage: 'NewDirectMessageGroupMessage',
  joinedGroup: 'JoinedGroup',
  leftGroup: 'LeftGroup',
  /** Live-counts feed: one watched space's count and first visitors, sent when it changes. */
  liveVisitorsInScene: 'LiveVisitorsInScene',
  /** Event chat message (issue 20), sent to every instance of the space. */
  eventMessage: 'EventMessage',
  /** Parties (issue 20): the leader entered an instance; members follow. */
  partyLeaderMoved: 'PartyLeaderMoved',
  /** Parties: members, invitations or leader changed; read the party again. */
  partyChanged: 'PartyChanged',
  /** Party chat message, to the party's members only. */
  partyMessage: 'PartyMessage',
  /** Refusals of a method (length, rate, permission) arrive as this event and as the ack. */
  error: 'Error',
} as const;

/** Space cards show the first two visitors then '+N' (spec §2 Space card). */
export const LIVE_CARD_VISITORS = 2;

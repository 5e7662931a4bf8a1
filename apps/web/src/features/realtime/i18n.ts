import { EMOTE_LABELS } from '@atrium/shared/realtime/emotes';
import { i18n } from '../../i18n/index.ts';
import { realtimeFr } from './i18n.fr.ts';

// Realtime UI text (English). 'Communications are disabled' and the emote names come from the spec.
export const realtimeText = {
  realtime: {
    chat: {
      label: 'Chat',
      direct: 'Direct',
      event: 'Event',
      public: 'Public',
      placeholder: 'Write a message…',
      send: 'Send',
      latest: 'Latest messages',
      unread_one: '{{count}} new message',
      unread_other: '{{count}} new messages',
      empty: 'No messages yet. Say hello!',
      noEvents: 'Arrivals and departures in your instance show up here.',
      noGroups: 'No conversations yet. Open Live visitors and choose Chat.',
      back: 'All conversations',
      older: 'Show older messages',
      entered: 'joined this instance',
      exited: 'left this instance',
      disabled: 'Communications are disabled',
      signIn: 'Sign in to chat and see who is here.',
      offline: 'Chat is unavailable right now. You can keep exploring.',
      you: 'You',
    },
    emotes: { label: 'Emotes', hint: 'Everyone in your instance sees your avatar do it.', names: EMOTE_LABELS },
    live: {
      label: 'Live visitors',
      inInstance: 'In your instance',
      inSpace_one: '{{count}} visitor in this space',
      inSpace_other: '{{count}} visitors in this space',
      instance: 'Instance {{n}}: {{count}}',
      alone: 'Nobody else is here yet.',
      follow: 'Follow',
      unfollow: 'Unfollow',
      greet: 'Greet',
      chat: 'Chat',
      invite: 'Invite',
      mute: 'Mute',
      unmute: 'Unmute',
      greeting: 'Hi {{name}}! 👋',
      inviteCopied: 'Invitation link copied: it brings friends into this instance.',
      status: { Connected: 'Connected', Connecting: 'Connecting', Disconnected: 'Disconnected', Reconnecting: 'Reconnecting' },
    },
    avatar: {
      edit: 'Edit avatar',
      model: 'Avatar',
      body: 'Body colour',
      skin: 'Skin colour',
      clothes: 'Clothes colour',
      save: 'Save avatar',
      saved: 'Your avatar is saved',
      vrm: 'VRM avatar',
      uploadVrm: 'Upload VRM',
      noVrm: 'None (built-in)',
      vrmHint: 'A .vrm file (VRM 0.x or 1.0), up to {{limit}}. Everyone in a space sees it; the built-in avatar shows while it loads.',
      vrmTooLarge: 'The file is too large. Maximum size is {{limit}}',
      vrmFailed: 'The VRM avatar could not be uploaded',
      deleteVrm: 'Delete VRM',
      deleteVrmConfirm: 'Delete this VRM from your library? If it is your avatar, the built-in one takes its place.',
      keepVrm: 'Keep it',
    },
  },
};

i18n.addResourceBundle('en', 'translation', realtimeText, true, false);
i18n.addResourceBundle('fr', 'translation', realtimeFr, true, false);

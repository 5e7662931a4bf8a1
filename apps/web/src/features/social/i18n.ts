import { i18n } from '../../i18n/index.ts';
import { socialFr } from './i18n.fr.ts';

// Viewer social sidebars (English). Spec texts (comments off, too many comments, 'edited', empty
// states) come from @atrium/shared `msg`; the tab names are the spec's.
export const socialText = {
  social: {
    like: {
      label: 'Like',
      like: 'Like this space',
      unlike: 'Unlike',
      count_one: '{{count}} like',
      count_other: '{{count}} likes',
      favourite: 'Add to favourites',
      unfavourite: 'Remove from favourites',
      signIn: 'Sign in to like this space and keep it in your favourites.',
    },
    comments: {
      label: 'Comments',
      placeholder: 'Write a comment…',
      replyPlaceholder: 'Write a reply…',
      post: 'Post',
      reply: 'Reply',
      edit: 'Edit',
      save: 'Save',
      cancel: 'Cancel',
      delete: 'Delete',
      deleteConfirm: 'Delete this comment? Its replies go with it.',
      signIn: 'Sign in to join the conversation.',
      count_one: '{{count}} comment',
      count_other: '{{count}} comments',
    },
    creator: {
      label: 'Creator',
      follow: 'Follow',
      unfollow: 'Unfollow',
      profile: 'View profile',
      followers_one: '{{count}} follower',
      followers_other: '{{count}} followers',
      signIn: 'Sign in to follow this creator.',
      yours: 'This is your space.',
      unknown: 'Unknown creator',
      greet: 'Greet',
      greeting: 'Hi {{name}}! 👋',
      greeted: 'You waved at {{name}}.',
      chat: 'Chat',
      invite: 'Invite',
      invited: '{{name}} is invited to your party.',
      mute: 'Mute',
      unmute: 'Unmute',
      muted: 'You no longer hear {{name}} or see their messages here.',
      actions: 'Say hello to the creator',
      block: 'Block',
      unblock: 'Unblock',
      blocked: 'You blocked {{name}}: they can no longer invite, greet or message you.',
      unblocked: 'You unblocked {{name}}.',
    },
    explore: {
      label: 'Explore other spaces',
      tabs: { all: 'ALL', related: 'RELATED', trending: 'TRENDING', history: 'MY HISTORY', favourites: 'MY FAVOURITES' },
      more: 'Show more',
      failed: 'Could not load spaces.',
      signIn: 'Sign in to see your history and favourites.',
    },
    signInButton: 'Sign in',
  },
};

i18n.addResourceBundle('en', 'translation', socialText, true, false);
i18n.addResourceBundle('fr', 'translation', socialFr, true, false);

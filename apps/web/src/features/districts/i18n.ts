import { i18n } from '../../i18n/index.ts';
import { districtsFr } from './i18n.fr.ts';

// Districts' own text (English; French in i18n.fr.ts). Spec messages (no-access page, validation)
// come from the shared `msg`.
export const districtsText = {
  districts: {
    search: 'Search districts',
    sortBy: 'Sort By',
    sort: { newest: 'Newest', title: 'Title', members: 'Members' },
    members_one: '{{count}} member',
    members_other: '{{count}} members',
    by: 'by {{name}}',
    visit: 'Visit {{title}}',
    loadFailed: 'Districts could not be loaded.',
    private: 'Private',
    spaces: 'Spaces',
    noSpaces: 'No spaces published in this district yet.',
    signIn: 'Sign in',
    backToAtrium: 'Back to Atrium',
    role: { Owner: 'Owner', Creator: 'Creator', Guest: 'Guest' },
    invitation: {
      title: 'You are invited to a district',
      signedOut: 'Sign in, or create an account with the address the invitation was sent to, to accept it.',
      createAccount: 'Create an account',
      accept: 'Accept invitation',
      joined: 'You joined {{title}}',
    },
    settings: {
      title: 'District settings',
      general: 'General',
      appearance: 'Appearance',
      districtTitle: 'District title',
      subtitle: 'Subtitle',
      subdomain: 'Subdomain',
      subdomainAvailable: '{{host}} is available',
      subdomainChecking: 'Checking…',
      subdomainHint: 'Changing it moves the district to that address; the old one stops working, except for invitation links already mailed.',
      public: 'Public (anyone may visit; off: members only)',
      hidden: 'Hide',
      listed: 'Listed in Explore',
      fontFamily: 'Font family',
      themeColor: 'Theme color',
      textColor: 'Text color',
      buttonCorners: 'Button corner style',
      corners: { square: 'Square', rounded: 'Rounded', pill: 'Pill' },
      logoHeight: 'Logo height',
      save: 'Save',
      saved: 'Settings saved',
    },
    members: {
      title: 'Members',
      all: 'All members',
      invitations: 'Invitations',
      name: 'Name',
      email: 'Login email',
      roleLabel: 'Role',
      slots: 'Allocated spaces',
      remove: 'Remove',
      removeConfirm: 'Remove {{name}} from the district?',
      invite: 'Invite',
      inviteEmail: 'Email address',
      invited: 'Invitation sent to {{email}}',
      saved: 'Saved',
      noInvitations: 'No invitations yet.',
      pending: 'Pending until {{date}}',
      accepted: 'Accepted',
      expired: 'Expired',
    },
  },
};

i18n.addResourceBundle('en', 'translation', districtsText, true, false);
i18n.addResourceBundle('fr', 'translation', districtsFr, true, false);

import { i18n } from '../../i18n/index.ts';
import { districtGroupsFr } from './groupsI18n.fr.ts';

// District → Groups: managing a group and group invitations (English; French in groupsI18n.fr.ts).
export const districtGroupsText = {
  districtGroups: {
    tabs: { all: 'All groups', invitations: 'Invitations' },
    actions: 'Actions for {{title}}',
    manageMembers: 'Members and invitations',
    rename: 'Rename',
    renameTitle: 'Rename {{title}}',
    changeImage: 'Change image',
    removeImage: 'Remove image',
    delete: 'Delete',
    deleteTitle: 'Delete {{title}}?',
    deleteText: 'The group is removed, and spaces whose access lists name it lose that entry.',
    cancel: 'Cancel',
    save: 'Save',
    membersTitle: '{{title}}: members',
    members: 'Members',
    noMembers: 'Nobody is in this group yet.',
    remove: 'Remove',
    removeMember: 'Remove {{name}}',
    invitePeople: 'Invite people',
    invite: 'Invite',
    invitations: 'Invitations',
    noInvitations: 'No group invitations yet.',
    noInvitationsForYou: 'You have no invitations to this district’s groups.',
    signInForInvitations: 'Sign in to see your group invitations.',
    group: 'Group',
    person: 'Person',
    statusLabel: 'Answer',
    status: { pending: 'Waiting', accepted: 'Accepted', refused: 'Refused' },
    invitedBy: '{{name}} invites you to {{group}}',
    invitedHere: 'You are invited to this district’s groups',
    accept: 'Accept',
    refuse: 'Refuse',
  },
};

i18n.addResourceBundle('en', 'translation', districtGroupsText, true, false);
i18n.addResourceBundle('fr', 'translation', districtGroupsFr, true, false);

import { i18n } from '../../i18n/index.ts';
import { districtRequestsFr } from './requestsI18n.fr.ts';

// Spaces → Hosting Requests, Promoted, Promotion Requests, Promotion Settings (English; French in requestsI18n.fr.ts).
export const districtRequestsText = {
  districtRequests: {
    tabs: {
      'hosting-requests': 'Hosting Requests',
      promoted: 'Promoted',
      'promotion-requests': 'Promotion Requests',
      'promotion-settings': 'Promotion Settings',
    },
    status: { pending: 'Waiting', accepted: 'Accepted', refused: 'Refused' },
    lists: { pending: 'Waiting for your answer', accepted: 'Accepted' },
    accept: 'Accept',
    refuse: 'Refuse',
    withdraw: 'Withdraw',
    stop: { hosting: 'Stop hosting', promotion: 'Stop promoting' },
    askedBy: 'Asked by {{name}}, {{when}}',
    hiddenSpace: 'You cannot see this space (it was unpublished, hidden or made private).',
    empty: {
      pending: { hosting: 'No hosting requests are waiting.', promotion: 'No promotion requests are waiting.' },
      accepted: { hosting: 'This district hosts no one else’s spaces yet.', promotion: 'Nothing is promoted yet.' },
      promoted: 'Nothing is promoted in this district yet.',
    },
    ask: {
      hosting: 'Ask this district to host one of your published spaces',
      promotion: 'Ask this district to promote one of your spaces shown here',
      ownHosting: 'Host one of your published spaces in this district',
      ownPromotion: 'Promote one of your spaces shown here',
      space: 'Your space',
      pick: 'Choose a space',
      send: 'Send request',
      add: 'Add',
      sent: 'Request sent',
      done: 'Done',
      noneToHost: 'You have no published space to offer.',
      noneToPromote: 'None of your spaces is shown in this district yet.',
      closed: 'This district does not take promotion requests at the moment.',
      signIn: 'Sign in to ask this district to host or promote your spaces.',
    },
    mine: 'Your requests',
    answered: { accept: 'Accepted', refuse: 'Refused' },
    settings: {
      title: 'Promotion Settings',
      open: 'Take promotion requests from others',
      openHint: 'When off, only you can promote spaces here.',
      onHome: 'Promoted spaces on the district home',
      onHomeHint: '0 hides the Promoted section of the home.',
      save: 'Save',
      saved: 'Promotion settings saved',
    },
    ownerOnly: 'Only the district owner sees this page.',
  },
};

i18n.addResourceBundle('en', 'translation', districtRequestsText, true, false);
i18n.addResourceBundle('fr', 'translation', districtRequestsFr, true, false);

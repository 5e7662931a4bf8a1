import { i18n } from '../../i18n/index.ts';
import { settingsFr } from './i18n.fr.ts';

// The block list's text in Settings (English; French in i18n.fr.ts). The other settings text is auth's.
export const settingsText = {
  settings: {
    blocked: {
      title: 'Blocked people',
      hint: 'People you blocked cannot invite you to a party, greet you or message you directly. Block someone from their creator card in a space.',
      empty: 'You have not blocked anyone.',
      unblock: 'Unblock',
      unblocked: 'You unblocked {{name}}.',
      since: 'Blocked {{date}}',
    },
  },
};

i18n.addResourceBundle('en', 'translation', settingsText, true, false);
i18n.addResourceBundle('fr', 'translation', settingsFr, true, false);

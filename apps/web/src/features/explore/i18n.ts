import { i18n } from '../../i18n/index.ts';
import { exploreFr } from './i18n.fr.ts';

// Explore's own text (English; French in i18n.fr.ts). The filters and tabs are publishing's.
export const exploreText = {
  explore: {
    happening: {
      title: 'Happening now',
      empty: 'Nothing is happening right now. Events and busy spaces show up here.',
      event: 'Event: {{title}}',
      present_one: '{{count}} person here',
      present_other: '{{count}} people here',
    },
  },
};

i18n.addResourceBundle('en', 'translation', exploreText, true, false);
i18n.addResourceBundle('fr', 'translation', exploreFr, true, false);

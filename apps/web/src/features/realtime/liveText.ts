import { i18n } from '../../i18n/index.ts';
import { liveFr } from './i18n.fr.ts';

// Live-count text on space cards and Explore (English; French in i18n.fr.ts).
export const liveText = {
  realtime: {
    live: {
      onCard_one: '{{count}} visitor in this space now',
      onCard_other: '{{count}} visitors in this space now',
      total_one: '{{count}} live visitor',
      total_other: '{{count}} live visitors',
    },
  },
};

i18n.addResourceBundle('en', 'translation', liveText, true, false);
i18n.addResourceBundle('fr', 'translation', liveFr, true, false);

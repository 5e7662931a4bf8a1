import { i18n } from '../../i18n/index.ts';

// Live-count text on space cards and Explore (English).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    realtime: {
      live: {
        onCard_one: '{{count}} visitor in this space now',
        onCard_other: '{{count}} visitors in this space now',
        total_one: '{{count}} live visitor',
        total_other: '{{count}} live visitors',
      },
    },
  },
  true,
  false,
);

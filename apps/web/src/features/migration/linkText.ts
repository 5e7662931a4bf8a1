import { i18n } from '../../i18n/index.ts';

// The footer links to /artsteps-migration from every page, so its label loads with the shell rather than
// with the page's own chunk (i18n.ts).
i18n.addResourceBundle(
  'en',
  'translation',
  { migrationLink: { label: 'Moving from Artsteps' } },
  true,
  false,
);
i18n.addResourceBundle(
  'fr',
  'translation',
  { migrationLink: { label: 'Venir d\u2019Artsteps' } },
  true,
  false,
);

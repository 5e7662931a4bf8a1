import type { Catalogue } from '../../i18n/catalogue.ts';
import type { exploreText } from './i18n.ts';

// French Explore text, key for key with i18n.ts.
export const exploreFr: Catalogue<typeof exploreText> = {
  explore: {
    happening: {
      title: 'En ce moment',
      empty: "Il ne se passe rien en ce moment. Les événements et les espaces animés s'affichent ici.",
      event: 'Événement : {{title}}',
      present_one: '{{count}} personne ici',
      present_other: '{{count}} personnes ici',
    },
  },
};

import type { Catalogue } from '../../i18n/catalogue.ts';
import type { settingsText } from './i18n.ts';

// French text of the block list in Settings, key for key with i18n.ts.
export const settingsFr: Catalogue<typeof settingsText> = {
  settings: {
    blocked: {
      title: 'Personnes bloquées',
      hint: "Les personnes que vous avez bloquées ne peuvent ni vous inviter dans un groupe, ni vous saluer, ni vous écrire directement. Bloquez quelqu'un depuis sa fiche de créateur dans un espace.",
      empty: "Vous n'avez bloqué personne.",
      unblock: 'Débloquer',
      unblocked: 'Vous avez débloqué {{name}}.',
      since: 'Bloqué le {{date}}',
    },
  },
};

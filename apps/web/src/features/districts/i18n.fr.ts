import type { Catalogue } from '../../i18n/catalogue.ts';
import type { districtsText } from './i18n.ts';

// French districts text, key for key with i18n.ts.
export const districtsFr: Catalogue<typeof districtsText> = {
  districts: {
    search: 'Rechercher des quartiers',
    sortBy: 'Trier par',
    sort: { newest: 'Plus récents', title: 'Titre', members: 'Membres' },
    members_one: '{{count}} membre',
    members_other: '{{count}} membres',
    by: 'par {{name}}',
    visit: 'Visiter {{title}}',
    loadFailed: "Les quartiers n'ont pas pu être chargés.",
    private: 'Privé',
    spaces: 'Espaces',
    noSpaces: "Aucun espace n'est encore publié dans ce quartier.",
    signIn: 'Se connecter',
    backToAtrium: 'Retour à Atrium',
    role: { Owner: 'Propriétaire', Creator: 'Créateur', Guest: 'Invité' },
  },
};

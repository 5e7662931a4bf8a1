import { i18n } from '../../i18n/index.ts';
import { districtsFr } from './i18n.fr.ts';

// Districts' own text (English; French in i18n.fr.ts). Spec messages (no-access page, validation)
// come from the shared `msg`.
export const districtsText = {
  districts: {
    search: 'Search districts',
    sortBy: 'Sort By',
    sort: { newest: 'Newest', title: 'Title', members: 'Members' },
    members_one: '{{count}} member',
    members_other: '{{count}} members',
    by: 'by {{name}}',
    visit: 'Visit {{title}}',
    loadFailed: 'Districts could not be loaded.',
    private: 'Private',
    spaces: 'Spaces',
    noSpaces: 'No spaces published in this district yet.',
    signIn: 'Sign in',
    backToAtrium: 'Back to Atrium',
    role: { Owner: 'Owner', Creator: 'Creator', Guest: 'Guest' },
  },
};

i18n.addResourceBundle('en', 'translation', districtsText, true, false);
i18n.addResourceBundle('fr', 'translation', districtsFr, true, false);

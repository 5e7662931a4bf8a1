import { i18n } from '../../../i18n/index.ts';
import { wizardFr } from './i18n.fr.ts';

// The district setup wizard's own text (English; French in i18n.fr.ts). The §5 messages come from the shared `msg`.
export const wizardText = {
  districtWizard: {
    title: 'Create your district',
    open: 'Create a district',
    back: 'Back',
    next: 'Next',
    submit: 'Create district',
    pay: 'Pay and create district',
    steps: { general: 'General', slots: 'Space slots', premade: 'Premade spaces', overview: 'Overview' },
    general: {
      public: 'Public',
      publicHint: 'Anyone can visit',
      private: 'Private',
      privateHint: 'Only members you invite',
      visibility: 'Visibility',
      title: 'District title',
      subdomain: 'Subdomain',
      available: '{{host}} is available',
      checking: 'Checking…',
      themeColor: 'Theme color',
    },
    slots: {
      intro: 'The Pro plan gives {{count}} district slots. Add more for {{price}} credits each.',
      included: 'Included slot',
      added: 'Added slot · {{price}} credits',
      add: 'Add a slot',
      remove: 'Remove added slot {{n}}',
    },
    premade: {
      search: 'Search premade spaces',
      none: 'No matching templates found.',
      choose: 'Choose your free premade space',
      free: 'Free',
      purchased: 'Purchased',
      credits: '{{count}} credits',
      size: { S: 'Small', M: 'Medium', L: 'Large' },
      chosen: 'Your free premade space: {{title}}',
      prevImage: 'Previous picture',
      nextImage: 'Next picture',
    },
    overview: {
      credits: 'Credit analysis',
      balance: 'Credits in your wallet',
      cost: 'Credits this district needs',
      missing: 'Credits missing',
      bundles: 'Credit bundle',
      plan: 'Subscription plan',
      monthly: 'Monthly',
      yearly: 'Yearly',
      perMonth: '{{price}} / month',
      perYear: '{{price}} / year',
      save: 'Save {{percent}}%',
      total: 'Total to pay now',
      isPro: 'Your Pro plan includes districts.',
      confirmTitle: 'Continue without Pro?',
      confirmText: 'Districts come with the Pro plan. Without it the district cannot be created.',
      confirmKeep: 'Keep Pro',
      confirmDrop: 'Remove Pro',
    },
    resume: {
      title: 'Creating your district…',
      waiting: 'Waiting for your payment to arrive',
      failed: 'Your district could not be created',
      retry: 'Try again',
    },
  },
};

i18n.addResourceBundle('en', 'translation', wizardText, true, false);
i18n.addResourceBundle('fr', 'translation', wizardFr, true, false);

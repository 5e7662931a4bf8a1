import { i18n } from '../../i18n/index.ts';
import { marketplaceCardsFr } from './i18n.fr.ts';

// Marketplace UI text (English) for the payment method on /wallet, the setup checkout and the
// premium templates of the editor's picker.
export const marketplaceCardsText = {
  marketplace: {
    card: {
      title: 'Payment method',
      hint: 'The card your plan renews with. Card numbers are never stored here: only the brand, last 4 digits and expiry.',
      number: '{{brand}} ending in {{last4}}',
      expires: 'Expires {{month}}/{{year}}',
      update: 'Update',
      updateHint: 'Choose a plan to save a card for its renewals.',
      brand: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', card: 'Card' },
      saveTitle: 'Save a new card for your plan',
      saveBody: 'Nothing is charged now. Your plan renews with this card from its next billing date.',
      save: 'Save card',
      saved: 'Your new card was saved for your plan.',
    },
    receiptCard: 'Card: {{brand}} ending in {{last4}}',
    premium: {
      badge: 'Premium',
      price: '{{price}} credits',
      buy: 'Buy',
      buyLabel: 'Buy {{title}} for {{price}} credits',
      purchased: 'Purchased',
      fromDistrict: 'Your district’s',
      confirm: 'Spend {{price}} credits on the premium space {{title}}? It is yours to use in any of your spaces.',
      done: '{{title}} is yours. Choose Use to start from it.',
    },
  },
};

i18n.addResourceBundle('en', 'translation', marketplaceCardsText, true, false);
i18n.addResourceBundle('fr', 'translation', marketplaceCardsFr, true, false);

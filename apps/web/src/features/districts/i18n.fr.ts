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
    invitation: {
      title: 'Vous êtes invité dans un quartier',
      signedOut: "Connectez-vous, ou créez un compte avec l'adresse à laquelle l'invitation a été envoyée, pour l'accepter.",
      createAccount: 'Créer un compte',
      accept: "Accepter l'invitation",
      joined: 'Vous avez rejoint {{title}}',
    },
    members: {
      title: 'Membres',
      all: 'Tous les membres',
      invitations: 'Invitations',
      name: 'Nom',
      email: 'E-mail de connexion',
      roleLabel: 'Rôle',
      slots: 'Espaces attribués',
      remove: 'Retirer',
      removeConfirm: 'Retirer {{name}} du quartier ?',
      invite: 'Inviter',
      inviteEmail: 'Adresse e-mail',
      invited: 'Invitation envoyée à {{email}}',
      saved: 'Enregistré',
      noInvitations: "Pas encore d'invitations.",
      pending: "En attente jusqu'au {{date}}",
      accepted: 'Acceptée',
      expired: 'Expirée',
    },
  },
};

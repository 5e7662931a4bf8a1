import type { Catalogue } from '../../i18n/catalogue.ts';
import type { districtRequestsText } from './requestsI18n.ts';

// French text of Hosting Requests, Promoted, Promotion Requests and Promotion Settings, key for key with requestsI18n.ts.
export const districtRequestsFr: Catalogue<typeof districtRequestsText> = {
  districtRequests: {
    tabs: {
      'hosting-requests': 'Demandes d’accueil',
      promoted: 'Mis en avant',
      'promotion-requests': 'Demandes de mise en avant',
      'promotion-settings': 'Réglages de mise en avant',
    },
    status: { pending: 'En attente', accepted: 'Acceptée', refused: 'Refusée' },
    lists: { pending: 'En attente de votre réponse', accepted: 'Acceptées' },
    accept: 'Accepter',
    refuse: 'Refuser',
    withdraw: 'Retirer',
    stop: { hosting: 'Ne plus accueillir', promotion: 'Ne plus mettre en avant' },
    askedBy: 'Demandé par {{name}}, {{when}}',
    hiddenSpace: 'Vous ne pouvez pas voir cet espace (dépublié, masqué ou rendu privé).',
    empty: {
      pending: { hosting: 'Aucune demande d’accueil en attente.', promotion: 'Aucune demande de mise en avant en attente.' },
      accepted: { hosting: 'Ce quartier n’accueille encore aucun espace d’autrui.', promotion: 'Rien n’est encore mis en avant.' },
      promoted: 'Rien n’est encore mis en avant dans ce quartier.',
    },
    ask: {
      hosting: 'Demander à ce quartier d’accueillir l’un de vos espaces publiés',
      promotion: 'Demander à ce quartier de mettre en avant l’un de vos espaces présentés ici',
      ownHosting: 'Accueillir l’un de vos espaces publiés dans ce quartier',
      ownPromotion: 'Mettre en avant l’un de vos espaces présentés ici',
      space: 'Votre espace',
      pick: 'Choisissez un espace',
      send: 'Envoyer la demande',
      add: 'Ajouter',
      sent: 'Demande envoyée',
      done: 'C’est fait',
      noneToHost: 'Vous n’avez aucun espace publié à proposer.',
      noneToPromote: 'Aucun de vos espaces n’est encore présenté dans ce quartier.',
      closed: 'Ce quartier n’accepte pas de demandes de mise en avant pour le moment.',
      signIn: 'Connectez-vous pour demander à ce quartier d’accueillir ou de mettre en avant vos espaces.',
    },
    mine: 'Vos demandes',
    answered: { accept: 'Acceptée', refuse: 'Refusée' },
    settings: {
      title: 'Réglages de mise en avant',
      open: 'Accepter les demandes de mise en avant des autres',
      openHint: 'Désactivé, vous seul pouvez mettre des espaces en avant ici.',
      onHome: 'Espaces mis en avant sur l’accueil du quartier',
      onHomeHint: '0 masque la section « Mis en avant » de l’accueil.',
      save: 'Enregistrer',
      saved: 'Réglages de mise en avant enregistrés',
    },
    ownerOnly: 'Seul le propriétaire du quartier voit cette page.',
  },
};

import type { Catalogue } from '../../i18n/catalogue.ts';
import type { realtimeText } from './i18n.ts';
import type { liveText } from './liveText.ts';

// French realtime text (chat, emotes, live visitors, avatar), key for key with i18n.ts and liveText.ts.
export const realtimeFr: Catalogue<typeof realtimeText> = {
  realtime: {
    chat: {
      label: 'Chat',
      direct: 'Direct',
      event: 'Événements',
      public: 'Public',
      placeholder: 'Écrire un message…',
      send: 'Envoyer',
      latest: 'Derniers messages',
      unread_one: '{{count}} nouveau message',
      unread_other: '{{count}} nouveaux messages',
      empty: 'Pas encore de messages. Dites bonjour !',
      noEvents: 'Les arrivées et départs de votre instance s’affichent ici.',
      noGroups: 'Pas encore de conversations. Ouvrez Visiteurs en direct et choisissez Chat.',
      back: 'Toutes les conversations',
      older: 'Afficher les messages plus anciens',
      entered: 'a rejoint cette instance',
      exited: 'a quitté cette instance',
      disabled: 'Les communications sont désactivées',
      signIn: 'Connectez-vous pour discuter et voir qui est là.',
      offline: 'Le chat est indisponible pour le moment. Vous pouvez continuer à explorer.',
      you: 'Vous',
    },
    emotes: {
      label: 'Émotes',
      hint: 'Tout le monde dans votre instance voit votre avatar le faire.',
      names: {
        wave: 'Saluer',
        clap: 'Applaudir',
        thumbsUp: 'Pouce levé',
        backflip: 'Salto arrière',
        victory: 'Victoire',
        fingerGuns: 'Pistolets de doigts',
        crazy: 'Folie',
        macarena: 'Macarena',
        hipHop: 'Hip-hop',
      },
    },
    live: {
      label: 'Visiteurs en direct',
      inInstance: 'Dans votre instance',
      inSpace_one: '{{count}} visiteur dans cet espace',
      inSpace_other: '{{count}} visiteurs dans cet espace',
      instance: 'Instance {{n}} : {{count}}',
      alone: 'Personne d’autre n’est encore là.',
      follow: 'Suivre',
      unfollow: 'Ne plus suivre',
      greet: 'Saluer',
      chat: 'Chat',
      invite: 'Inviter',
      mute: 'Couper le son',
      unmute: 'Rétablir le son',
      greeting: 'Salut {{name}} ! 👋',
      inviteCopied: 'Lien d’invitation copié : il amène vos amis dans cette instance.',
      status: { Connected: 'Connecté', Connecting: 'Connexion', Disconnected: 'Déconnecté', Reconnecting: 'Reconnexion' },
    },
    avatar: {
      edit: 'Modifier l’avatar',
      model: 'Avatar',
      body: 'Couleur du corps',
      skin: 'Couleur de peau',
      clothes: 'Couleur des vêtements',
      save: 'Enregistrer l’avatar',
      saved: 'Votre avatar est enregistré',
      vrm: 'Avatar VRM',
      uploadVrm: 'Importer un VRM',
      noVrm: 'Aucun (intégré)',
      vrmHint: 'Un fichier .vrm (VRM 0.x ou 1.0), jusqu’à {{limit}}. Tout le monde dans un espace le voit ; l’avatar intégré s’affiche pendant son chargement.',
      vrmTooLarge: 'Le fichier est trop volumineux. Taille maximale : {{limit}}',
      vrmFailed: 'L’avatar VRM n’a pas pu être importé',
      deleteVrm: 'Supprimer le VRM',
      deleteVrmConfirm: 'Supprimer ce VRM de votre bibliothèque ? Si c’est votre avatar, l’avatar intégré le remplace.',
      keepVrm: 'Le garder',
    },
  },
};

export const liveFr: Catalogue<typeof liveText> = {
  realtime: {
    live: {
      onCard_one: '{{count}} visiteur dans cet espace en ce moment',
      onCard_other: '{{count}} visiteurs dans cet espace en ce moment',
      total_one: '{{count}} visiteur en direct',
      total_other: '{{count}} visiteurs en direct',
    },
  },
};

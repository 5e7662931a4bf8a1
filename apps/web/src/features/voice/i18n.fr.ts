import type { Catalogue } from '../../i18n/catalogue.ts';
import type { voiceText } from './i18n.ts';

// French voice text, key for key with i18n.ts (its two spec messages included).
export const voiceFr: Catalogue<typeof voiceText> = {
  voice: {
    microphone: 'Microphone',
    mute: 'Couper le micro',
    unmute: 'Activer le micro',
    level: 'Niveau du micro',
    chooseMicrophone: 'Choisir un micro',
    microphoneRefused: 'Vous devez autoriser l’accès à votre micro',
    allowAgain: 'Réessayer',
    disabled: 'Les communications sont désactivées',
    mutedByOwner: 'Le propriétaire de cet espace a coupé votre micro.',
    notSetUp: 'La voix n’est pas configurée sur ce serveur. Le chat écrit fonctionne normalement.',
    connecting: 'Connexion de la voix…',
    reconnecting: 'La voix se reconnecte. Le chat écrit continue de fonctionner.',
    live: 'La voix est activée : les personnes proches vous entendent, et vous les entendez depuis l’endroit où elles se trouvent.',
    talking: 'Parle',
    heard: 'Personnes que vous entendez',
    signIn: 'Connectez-vous pour parler avec les personnes présentes.',
    pushToTalk: 'Appuyer pour parler',
    pushToTalkHint: 'Votre micro reste coupé tant que vous ne maintenez pas V (ou le bouton du micro).',
    holdToTalk: 'Maintenez V pour parler',
    talkingNow: 'Vous parlez',
    broadcastStart: 'Parler à tout le monde',
    broadcastStop: 'Arrêter de parler à tout le monde',
    broadcastHint: 'Vous animez cet événement : tout le monde, dans chaque instance de cet espace, vous entend.',
    hostSpeaking: 'L’hôte parle à tout le monde',
  },
};

import { msg } from '../messages.ts';
import { msgFr } from '../messages.fr.ts';
import { errorCatalogue, type ErrorCode } from './catalogue.ts';

// French text of every coded error (issue 17: a French session reads no English error). A code whose
// English default is a spec message takes that message's French from messages.fr.ts (written once there);
// the other codes have their French below. catalogue.fr.test.ts fails when a code has neither.

/** Codes whose English default is not a spec message. */
const ownFrench: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: "La demande n'est pas valide",
  VALIDATION_FAILED: 'Certains champs ne sont pas valides',
  MALFORMED_JSON: "Le corps de la demande n'est pas un JSON valide",
  INPUT_TOO_DEEP: 'La demande est trop profondément imbriquée',
  UNAUTHENTICATED: 'Connectez-vous pour continuer',
  DATABASE_LOCKED: 'La base de données intégrée est utilisée par un serveur Atrium en cours d’exécution',
  NOT_FOUND: 'Introuvable',
  ROUTE_NOT_FOUND: "Aucune route de l'API ne correspond à ce chemin",
  CONFLICT: "Cette action est en conflit avec l'état actuel",
  SCENE_INVALID: "Impossible d'ouvrir cet espace : son contenu est endommagé",
  SCENE_VERSION_UNSUPPORTED: "Cet espace a été enregistré par une version plus récente d'Atrium et ne peut pas être ouvert ici",
  DRAFTS_LIMIT_REACHED: 'Vous avez atteint la limite de brouillons de votre offre',
  PAYMENT_PROVIDER_FAILED: "Le prestataire de paiement n'a pas pu être joint",
  REQUEST_TIMEOUT: 'La demande a mis trop de temps à arriver',
  PAYLOAD_TOO_LARGE: 'Le corps de la demande est trop volumineux',
  UNSUPPORTED_MEDIA_TYPE: "Ce type de contenu n'est pas pris en charge",
  NOT_A_VRM: "Ce modèle n'est pas un avatar VRM",
  RATE_LIMITED: 'Trop de demandes, veuillez ralentir',
  UNAVAILABLE: "Le service n'est pas prêt",
  COMMUNICATIONS_DISABLED: 'Les communications sont désactivées',
  VOICE_MUTED: 'Le propriétaire de cet espace a coupé votre micro',
  VOICE_NOT_SET_UP: "La voix n'est pas configurée sur ce serveur",
};

type Node = { readonly [k: string]: unknown };

/** English spec message text → its French (string messages only; the first path wins for a repeated text). */
const frenchBySpecText = new Map<string, string>();
(function index(en: Node, fr: Node | undefined) {
  for (const [k, v] of Object.entries(en)) {
    const f = fr?.[k];
    if (typeof v === 'string') {
      if (typeof f === 'string' && !frenchBySpecText.has(v)) frenchBySpecText.set(v, f);
    } else if (v && typeof v === 'object') index(v as Node, f as Node | undefined);
  }
})(msg as unknown as Node, msgFr as unknown as Node);

/** The French of an English spec message of `msg`, or undefined when the text is not one. */
export const specMessageFr = (english: string): string | undefined => frenchBySpecText.get(english);

export const errorMessagesFr: Partial<Record<ErrorCode, string>> = Object.fromEntries(
  (Object.keys(errorCatalogue) as ErrorCode[]).flatMap((code) => {
    const fr = ownFrench[code] ?? specMessageFr(errorCatalogue[code].message);
    return fr ? [[code, fr]] : [];
  }),
);

/**
 * A server text for a French reader: the French of a spec message, else the French of its error code,
 * else the text as it is (used where the server itself renders a page, e.g. the sign-in pages).
 */
export const errorTextFr = (code: string, english: string): string =>
  specMessageFr(english) ?? errorMessagesFr[code as ErrorCode] ?? english;

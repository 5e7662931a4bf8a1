import { msg, msgFr, PRODUCT_NAME, USER_LIMITS } from '@atrium/shared';
import { errorTextFr } from '@atrium/shared/errors/catalogue.fr';
import { fillTemplate, type Language } from '@atrium/shared/i18n/languages';

// Every string of the server-rendered sign-in pages, in each interface language. The page chrome lives
// here; spec messages (errors and notices) come from the shared `msg` / `msgFr`, written once there.

const en = {
  lang: 'en',
  logoLabel: `${PRODUCT_NAME} home`,
  email: 'Email',
  password: 'Password',
  signIn: {
    title: 'Sign in',
    heading: 'Welcome back',
    sub: 'Sign in to build and share your 3D spaces.',
    submit: 'Sign in',
    createAccount: 'Create an account',
    forgot: 'Forgot password?',
    cancel: 'Cancel',
  },
  signUp: {
    title: 'Create account',
    heading: 'Create your account',
    sub: 'Start building amazing 3D spaces.',
    name: 'Name',
    submit: 'Create account',
    haveAccount: 'I already have an account',
  },
  forgot: {
    title: 'Forgot password',
    heading: 'Forgot password',
    sub: 'We will email you a link to choose a new password.',
    submit: 'Send reset link',
    back: 'Back to sign in',
  },
  reset: {
    title: 'Choose a new password',
    heading: 'Choose a new password',
    password: 'New password',
    submit: 'Save password',
    signIn: 'Sign in',
  },
  logout: {
    title: 'Log out',
    loggingOut: 'Logging out…',
    beingLoggedOut: `You are being logged out of ${PRODUCT_NAME}.`,
    heading: 'Log out',
    ask: `Do you want to log out of ${PRODUCT_NAME}?`,
    submit: 'Log out',
    stay: 'Stay signed in',
  },
  error: {
    title: 'Sign-in problem',
    heading: 'Something went wrong',
    back: `Back to ${PRODUCT_NAME}`,
    expired: `This sign-in page has expired. Please start again from ${PRODUCT_NAME}.`,
    invalidRequest: 'The sign-in request is not valid.',
  },
  // Mails of the sign-in flow; {{name}}, {{link}}, {{signIn}}, {{forgot}} are filled by fillMail.
  mail: {
    resetSubject: `Reset your ${PRODUCT_NAME} password`,
    resetText: 'Hello {{name}},\n\nOpen this link within one hour to choose a new password:\n{{link}}\n\nIf you did not ask for this, ignore this email.',
    takenSubject: `Someone tried to create an ${PRODUCT_NAME} account with your email`,
    takenText: `Hello {{name}},\n\nSomeone just tried to create a new ${PRODUCT_NAME} account with this email address. You already have\nan account, so nothing was changed.\n\nIf it was you, sign in here: {{signIn}}\nForgot your password? Choose a new one here: {{forgot}}\n\nIf it was not you, you can ignore this email.`,
  },
};

export type AuthPageTexts = typeof en;
type Same<T> = { readonly [K in keyof T]: T[K] extends string ? string : Same<T[K]> };

const fr: Same<AuthPageTexts> = {
  lang: 'fr',
  logoLabel: `Accueil ${PRODUCT_NAME}`,
  email: 'E-mail',
  password: 'Mot de passe',
  signIn: {
    title: 'Connexion',
    heading: 'Bon retour parmi nous',
    sub: 'Connectez-vous pour créer et partager vos espaces 3D.',
    submit: 'Se connecter',
    createAccount: 'Créer un compte',
    forgot: 'Mot de passe oublié ?',
    cancel: 'Annuler',
  },
  signUp: {
    title: 'Créer un compte',
    heading: 'Créez votre compte',
    sub: 'Commencez à créer des espaces 3D étonnants.',
    name: 'Nom',
    submit: 'Créer le compte',
    haveAccount: "J'ai déjà un compte",
  },
  forgot: {
    title: 'Mot de passe oublié',
    heading: 'Mot de passe oublié',
    sub: 'Nous vous enverrons par e-mail un lien pour choisir un nouveau mot de passe.',
    submit: 'Envoyer le lien',
    back: 'Retour à la connexion',
  },
  reset: {
    title: 'Choisir un nouveau mot de passe',
    heading: 'Choisissez un nouveau mot de passe',
    password: 'Nouveau mot de passe',
    submit: 'Enregistrer le mot de passe',
    signIn: 'Se connecter',
  },
  logout: {
    title: 'Déconnexion',
    loggingOut: 'Déconnexion…',
    beingLoggedOut: `Vous êtes en train de vous déconnecter de ${PRODUCT_NAME}.`,
    heading: 'Déconnexion',
    ask: `Voulez-vous vous déconnecter de ${PRODUCT_NAME} ?`,
    submit: 'Se déconnecter',
    stay: 'Rester connecté',
  },
  error: {
    title: 'Problème de connexion',
    heading: "Une erreur s'est produite",
    back: `Retour à ${PRODUCT_NAME}`,
    expired: `Cette page de connexion a expiré. Recommencez depuis ${PRODUCT_NAME}.`,
    invalidRequest: "La demande de connexion n'est pas valide.",
  },
  mail: {
    resetSubject: `Réinitialisez votre mot de passe ${PRODUCT_NAME}`,
    resetText:
      "Bonjour {{name}},\n\nOuvrez ce lien dans l'heure pour choisir un nouveau mot de passe :\n{{link}}\n\nSi vous n'avez rien demandé, ignorez cet e-mail.",
    takenSubject: `Quelqu'un a essayé de créer un compte ${PRODUCT_NAME} avec votre adresse e-mail`,
    takenText: `Bonjour {{name}},\n\nQuelqu'un vient d'essayer de créer un nouveau compte ${PRODUCT_NAME} avec cette adresse e-mail. Vous avez déjà\nun compte, rien n'a donc été modifié.\n\nSi c'était vous, connectez-vous ici : {{signIn}}\nMot de passe oublié ? Choisissez-en un nouveau ici : {{forgot}}\n\nSi ce n'était pas vous, vous pouvez ignorer cet e-mail.`,
  },
};

/** A mail template of `mail` with its {{placeholders}} filled (plain text, so nothing to escape). */
export const fillMail = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => values[k] ?? m);

export const authPageTexts: Record<Language, Same<AuthPageTexts>> = { en, fr };

function passwordProblem(pw: string, min: (n: number) => string, max: (n: number) => string): string | undefined {
  if (pw.length < USER_LIMITS.passwordMin) return min(USER_LIMITS.passwordMin);
  if (pw.length > USER_LIMITS.passwordMax) return max(USER_LIMITS.passwordMax);
  return undefined;
}

/** The spec messages the sign-in pages show, in one language (functions keep the English signatures). */
export function authMessages(lng: Language) {
  if (lng === 'en') {
    return {
      fieldRequired: msg.fieldRequired,
      emailInvalid: msg.contact.emailInvalid,
      tooManyAttempts: msg.user.tooManyAttempts,
      signUpCheckEmail: msg.user.signUpCheckEmail,
      resetSent: msg.user.resetSent,
      resetInvalid: msg.user.resetInvalid,
      passwordChanged: msg.user.passwordChanged,
      apiKeysRevoked: (n: number) => msg.user.apiKeysRevoked(n),
      somethingWentWrong: msg.somethingWentWrong,
      /** The password rule a new password breaks (too short or too long), if any. */
      passwordProblem: (pw: string) => passwordProblem(pw, msg.minChars, msg.maxChars),
      /** A coded error's text as the server wrote it. */
      errorText: (_code: string, english: string) => english,
    };
  }
  return {
    fieldRequired: msgFr.fieldRequired,
    emailInvalid: msgFr.contact.emailInvalid,
    tooManyAttempts: msgFr.user.tooManyAttempts,
    signUpCheckEmail: msgFr.user.signUpCheckEmail,
    resetSent: msgFr.user.resetSent,
    resetInvalid: msgFr.user.resetInvalid,
    passwordChanged: msgFr.user.passwordChanged,
    apiKeysRevoked: (n: number) => fillTemplate(lng, msgFr.user.apiKeysRevoked, n),
    somethingWentWrong: msgFr.somethingWentWrong,
    passwordProblem: (pw: string) =>
      passwordProblem(
        pw,
        (n) => fillTemplate(lng, msgFr.minChars, n),
        (n) => fillTemplate(lng, msgFr.maxChars, n),
      ),
    errorText: errorTextFr,
  };
}

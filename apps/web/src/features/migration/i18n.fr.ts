import type { migrationText } from './i18n.ts';

/** Every English key, no other (the shape of i18n/catalogue.ts's Catalogue, which is not committed yet). */
type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

export const migrationFr: Catalogue<typeof migrationText> = {
  migration: {
    eyebrow: 'Migration de contenu',
    title: "Transférez vos expositions d'Artsteps vers Atrium",
    lead: 'Apportez les images, titres et descriptions de vos galeries Artsteps dans des espaces Atrium que vous continuez à modifier, publiez sur votre propre lien et ouvrez à 25 visiteurs à la fois.',
    carriesTitle: 'Ce qui vous suit',
    carries: {
      images: {
        title: 'Les images et leurs textes',
        text: "Chaque image exposée, avec son titre et sa description affichés dans le panneau d'information quand un visiteur clique dessus.",
      },
      models: {
        title: 'Les modèles 3D',
        text: "Les fichiers GLB, glTF et OBJ passent par les mêmes contrôles que tout envoi, puis se placent, s'agrandissent et se tournent dans l'éditeur.",
      },
      videos: {
        title: 'Les vidéos',
        text: 'Les vidéos MP4 et WebM se lisent sur les murs et les écrans ; les liens YouTube peuvent être affichés en vue web.',
      },
      tours: {
        title: 'Les visites guidées',
        text: 'Une visite guidée devient un parcours : les mêmes étapes dans le même ordre, avec votre texte à chacune.',
      },
    },
    stepsTitle: 'Cinq étapes pour déplacer une galerie',
    steps: {
      gather: {
        title: 'Rassemblez vos originaux',
        text: 'Réunissez les fichiers originaux de chaque œuvre exposée et listez leurs titres et descriptions dans un tableur ou un fichier texte. Les originaux sont plus nets que des copies enregistrées depuis un navigateur.',
      },
      space: {
        title: 'Choisissez un espace',
        text: 'Partez d\u2019une galerie prête à l\u2019emploi de la taille la plus proche de votre exposition, ou dessinez vos propres salles, murs et portes avec le constructeur de salles.',
      },
      upload: {
        title: 'Ajoutez à votre bibliothèque',
        text: 'Ajoutez les images, vidéos et modèles à Ma bibliothèque. Ils y restent pour tous les espaces que vous créerez ensuite.',
      },
      hang: {
        title: 'Accrochez et décrivez',
        text: 'Placez chaque œuvre sur un mur, collez son titre et sa description, et choisissez par où les visiteurs entrent.',
      },
      publish: {
        title: 'Recréez la visite et publiez',
        text: "Transformez la visite guidée en parcours, publiez l'espace dans votre emplacement et partagez son lien ou intégrez-le à votre site.",
      },
    },
    wordsTitle: 'Les mots qui changent',
    wordsCaption: 'Les termes Artsteps et leurs équivalents Atrium',
    wordsThem: 'Sur Artsteps',
    wordsUs: 'Dans Atrium',
    words: {
      exhibition: { them: 'Exposition', us: "Espace (un brouillon jusqu'à sa publication)" },
      artifact: {
        them: 'Objet',
        us: 'Élément de contenu : image, vidéo, modèle 3D, texte 3D, hypertexte ou vue web',
      },
      tour: { them: 'Visite guidée', us: 'Parcours' },
      designer: {
        them: "Concepteur d'espace",
        us: "Étapes de l'éditeur Définir l'espace et Façonner le style",
      },
      profile: {
        them: 'Page de profil',
        us: 'Profil, et districts pour les organisations avec le forfait Pro',
      },
    },
    helpTitle: 'Une grande collection à déplacer ?',
    helpText:
      "Pour des centaines d'œuvres ou plusieurs expositions, dites-nous ce que vous avez et nous planifierons le transfert avec vous.",
    start: 'Commencer gratuitement',
    askHelp: "Demander de l'aide pour la migration",
    guides: 'Lire les guides',
    contactSubject: 'Migration Artsteps',
    import: {
      title: 'Importer un export de galerie',
      lead: "Téléversez un zip de vos images avec un fichier JSON ou CSV des titres et descriptions (colonnes file, title, description). Nous créons un nouvel espace brouillon et accrochons jusqu'à {{images}} images à ses murs. {{size}} au maximum par zip.",
      signIn: 'Connectez-vous pour importer',
      file: 'Export de galerie (.zip)',
      filePlaceholder: 'Choisir un fichier zip',
      spaceTitle: 'Nom du nouvel espace (facultatif)',
      start: 'Importer',
      progress: "Progression de l'import",
      uploading: 'Téléversement… {{percent}} %',
      processing: 'Vérification des images et accrochage aux murs…',
      tooBig: 'Ce zip dépasse {{size}}',
      failed: "L'import a échoué. Veuillez réessayer.",
      failedTitle: "Échec de l'import",
      doneTitle: 'Import terminé',
      imported_one: '{{count}} image accrochée dans votre nouvel espace brouillon.',
      imported_other: '{{count}} images accrochées dans votre nouvel espace brouillon.',
      skipped_one: '{{count}} fichier ignoré :',
      skipped_other: '{{count}} fichiers ignorés :',
      reasons: {
        unsupportedType: "ce n'est pas une image JPEG, PNG ou WebP",
        corruptImage: "l'image est endommagée et n'a pas pu être lue",
        missingImage: 'cité dans les métadonnées mais absent du zip',
        overCap: 'au-delà de la limite de {{max}} images par import',
        tooManyPixels: "l'image compte trop de pixels",
      },
      openEditor: "Ouvrir le brouillon dans l'éditeur",
    },
  },
};

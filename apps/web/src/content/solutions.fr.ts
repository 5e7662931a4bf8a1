import type { SolutionSlug } from '../layout/nav.ts';
import type { SolutionContent } from './solutions.ts';

// French marketing copy of the solution pages and Digital transformation, page for page with solutions.ts.
export const SOLUTIONS_FR: Record<SolutionSlug, SolutionContent> = {
  'retail-and-ecommerce': {
    title: 'Une boutique ouverte au monde entier',
    lead: 'Transformez votre catalogue en showroom que les clients parcourent. Disposez vos produits sur des étagères et des socles, reliez chacun à sa fiche produit et lancez de nouvelles collections sans louer un seul mètre carré.',
    hero: 'showroom',
    grid: [
      { title: 'Des produits à acheter', text: 'Chaque modèle 3D ou image peut renvoyer directement vers sa fiche produit ou le paiement.' },
      { title: 'Des vitrines de saison', text: 'Dupliquez un espace et redécorez-le pour la collection suivante en un après-midi.' },
      { title: 'Des visites guidées', text: 'Faites passer vos clients devant vos meilleures ventes grâce à un parcours.' },
      { title: 'Intégré à votre boutique', text: 'Placez le showroom sur vos propres pages produits avec un simple extrait de code.' },
    ],
    cards: [
      { title: 'Showroom phare', text: 'Présentez toute la gamme comme vos designers l’ont imaginée.', image: 'showroom' },
      { title: 'Lancements de produits', text: 'Dévoilez un nouveau produit sur une scène éclairée, avec un compte à rebours avant l’ouverture des portes.', image: 'launch' },
      { title: 'Événements éphémères', text: 'Invitez vos clients à une inauguration en direct, avec chat et émoticônes.', image: 'events' },
    ],
    cta: 'Ouvrez votre boutique 3D dès cette semaine',
  },
  'museums-and-galleries': {
    title: 'Votre collection, ouverte après la fermeture',
    lead: 'Accrochez des tableaux, placez des sculptures et racontez l’histoire de chaque œuvre. Les visiteurs du monde entier explorent à leur rythme, et vos expositions continuent de vivre après leur fermeture.',
    hero: 'museum',
    grid: [
      { title: 'Une présentation fidèle', text: 'Les images haute résolution et les numérisations 3D conservent chaque détail.' },
      { title: 'Des parcours pensés', text: 'Les parcours guident les visiteurs de salle en salle dans l’ordre que vous souhaitez.' },
      { title: 'Chaque exposition archivée', text: 'Les expositions passées restent en ligne, en espaces que chacun peut revisiter.' },
      { title: 'Accessible par défaut', text: 'Aucun téléchargement : fonctionne sur des téléphones ordinaires et les ordinateurs des écoles.' },
    ],
    cards: [
      { title: 'Collection permanente', text: 'Une aile numérique qui complète votre bâtiment.', image: 'museum' },
      { title: 'Expositions temporaires', text: 'Partez d’un white cube prêt à l’emploi et ouvrez en quelques jours.', image: 'gallery' },
      { title: 'Programmes éducatifs', text: 'Des visites guidées pour les classes qui ne peuvent pas se déplacer.', image: 'classroom' },
    ],
    cta: 'Mettez votre collection en ligne',
  },
  'events-and-live-shows': {
    title: 'Des événements où l’on se souvient d’être entré',
    lead: 'Organisez vernissages, salons, conférences et projections dans un lieu qui accueille tout le monde. Les visiteurs se rencontrent, discutent et réagissent ensemble, puis continuent d’explorer bien après le spectacle.',
    hero: 'events',
    grid: [
      { title: 'Ensemble, en direct', text: 'Jusqu’à 25 personnes interagissent en temps réel dans chaque instance d’un espace.' },
      { title: 'Scène et écrans', text: 'Diffusez des vidéos et des pages web en direct sur des murs autour desquels votre public se rassemble.' },
      { title: 'Stands et salles', text: 'Donnez à chaque exposant une salle reliée aux autres par des portails.' },
      { title: 'Privé ou public', text: 'Vendez l’accès par invitation ou ouvrez les portes à tous.' },
    ],
    cards: [
      { title: 'Conférences', text: 'Une salle plénière, des salles d’ateliers et un hall pour se retrouver.', image: 'events' },
      { title: 'Salons professionnels', text: 'Des stands d’exposants que vos visiteurs parcourent comme un vrai salon.', image: 'showroom' },
      { title: 'Inaugurations', text: 'Célébrez un lancement avec des invités de tous les fuseaux horaires.', image: 'launch' },
    ],
    cta: 'Préparez votre prochain événement en 3D',
  },
  'edtech-and-learning': {
    title: 'Des leçons que les élèves explorent',
    lead: 'Créez des salles de classe, des laboratoires et des sites historiques que les élèves parcourent eux-mêmes. Placez vidéos, textes et quiz là où ils ont leur place, et laissez la curiosité donner le rythme.',
    hero: 'classroom',
    grid: [
      { title: 'Apprendre en explorant', text: 'Les élèves découvrent les contenus dans l’espace au lieu de faire défiler une page.' },
      { title: 'Toutes les matières', text: 'Promenades historiques, ateliers de sciences, coins de langues, salles d’art.' },
      { title: 'Un partage sûr pour la classe', text: 'Réservez un espace aux groupes de votre classe.' },
      { title: 'Sur les appareils de l’école', text: 'Un navigateur suffit à chaque élève.' },
    ],
    cards: [
      { title: 'Classes virtuelles', text: 'Une salle par chapitre, avec les supports sur les murs.', image: 'classroom' },
      { title: 'Espaces de révision', text: 'Des bibliothèques de ressources où les élèves reviennent avant les examens.', image: 'library' },
      { title: 'Sorties scolaires', text: 'Visitez un musée ou un site hors de portée.', image: 'museum' },
    ],
    cta: 'Créez votre premier espace d’apprentissage',
  },
  'corporate-training': {
    title: 'Des formations que vos équipes suivent vraiment',
    lead: 'Accueillez les nouveaux arrivants, répétez les procédures et partagez les savoirs dans des espaces qui ressemblent à votre lieu de travail. Guidez chacun pas à pas et voyez qui est passé.',
    hero: 'meeting',
    grid: [
      { title: 'Visites d’intégration', text: 'Un parcours guidé à travers l’entreprise, ses équipes et ses lieux.' },
      { title: 'Procédures pas à pas', text: 'Montrez chaque étape là où elle a lieu, avec vidéos et documents associés.' },
      { title: 'Privé par conception', text: 'Réservez les espaces à des groupes de salariés et choisissez qui peut parler.' },
      { title: 'Des modules réutilisables', text: 'Dupliquez une salle de formation pour chaque équipe ou chaque langue.' },
    ],
    cards: [
      { title: 'Intégration', text: 'Accueillez les nouvelles recrues sur un campus qu’elles explorent dès le premier jour.', image: 'meeting' },
      { title: 'Base de connaissances', text: 'Rassemblez manuels et vidéos dans une salle que tout le monde connaît.', image: 'library' },
      { title: 'Réunions générales', text: 'Réunissez des équipes dispersées dans une même salle.', image: 'events' },
    ],
    cta: 'Concevez un espace de formation pour votre équipe',
  },
  'art-and-creative-work': {
    title: 'L’exposition que vous imaginez, pas celle qu’un lieu permet',
    lead: 'Montrez peinture, photographie, sculpture et art numérique dans des salles que vous concevez vous-même. Choisissez la lumière, les murs et le parcours, puis partagez un seul lien avec collectionneurs et admirateurs.',
    hero: 'studio',
    grid: [
      { title: 'Vos murs, vos règles', text: 'Teintez les surfaces, choisissez les matériaux, le ciel et l’ambiance sonore.' },
      { title: 'Tous les médiums', text: 'Images, vidéo, audio, modèles 3D et hypertexte côte à côte.' },
      { title: 'Un portfolio qui voyage', text: 'Intégrez une exposition à votre site ou envoyez-la à une galerie.' },
      { title: 'Rencontrez votre public', text: 'Soyez présent le soir du vernissage et accueillez les visiteurs en personne.' },
    ],
    cards: [
      { title: 'Expositions personnelles', text: 'Une galerie faite pour votre travail, et non l’inverse.', image: 'gallery' },
      { title: 'Atelier ouvert', text: 'Montrez le travail en cours.', image: 'studio' },
      { title: 'Collectifs', text: 'Partagez un district avec les artistes avec qui vous exposez.', image: 'loft' },
    ],
    cta: 'Ouvrez votre propre galerie',
  },
  'marketing-and-brands': {
    title: 'Des campagnes dans lesquelles on entre',
    lead: 'Donnez à votre marque un lieu, pas seulement une page. Lancez vos produits sur scène, racontez votre histoire salle après salle et laissez votre public partager l’expérience avec un seul lien.',
    hero: 'launch',
    grid: [
      { title: 'Des districts à votre marque', text: 'Votre propre sous-domaine, vos polices, vos couleurs et votre logo.' },
      { title: 'Des parcours narratifs', text: 'Menez les visiteurs à travers votre histoire dans l’ordre qui fonctionne le mieux.' },
      { title: 'Partageable partout', text: 'Des liens et des intégrations pour les réseaux sociaux, les newsletters et votre site.' },
      { title: 'Comprendre vos visiteurs', text: 'Les j’aime, les vues et les commentaires montrent ce qui marque.' },
    ],
    cards: [
      { title: 'Révélations de produits', text: 'Une scène éclairée pour le moment qui compte.', image: 'launch' },
      { title: 'Univers de marque', text: 'Un loft, un pavillon ou un magasin phare à votre image.', image: 'pavilion' },
      { title: 'Commerce expérientiel', text: 'Faites d’un simple coup d’œil une véritable visite.', image: 'showroom' },
    ],
    cta: 'Créez un espace de marque qu’on partage',
  },
  'learning-and-training': {
    title: 'Un lieu où le savoir habite',
    lead: 'Cours, ateliers et supports d’auto-formation rangés dans des salles où les apprenants peuvent revenir. Associez vidéo, texte et modèles 3D, et guidez les apprenants des bases jusqu’à la maîtrise.',
    hero: 'library',
    grid: [
      { title: 'Des parcours structurés', text: 'Les parcours font d’un ensemble de salles un véritable cours.' },
      { title: 'Apprentissage hybride', text: 'Utilisez le même espace en session en direct et en autonomie.' },
      { title: 'Groupes et invitations', text: 'Donnez à chaque promotion son propre accès.' },
      { title: 'Toujours à jour', text: 'Modifiez un espace une fois et chaque apprenant voit le changement.' },
    ],
    cards: [
      { title: 'Pôles de cours', text: 'Une salle par module, avec tout ce dont les apprenants ont besoin.', image: 'library' },
      { title: 'Ateliers', text: 'Retrouvez-vous en direct autour d’un écran partagé.', image: 'meeting' },
      { title: 'Expositions de travaux', text: 'Montrez ce que les apprenants ont réalisé à la fin d’un cours.', image: 'gallery' },
    ],
    cta: 'Créez un espace d’apprentissage dès aujourd’hui',
  },
};

export const DIGITAL_TRANSFORMATION_FR: SolutionContent = {
  title: 'Une transformation numérique que l’on parcourt',
  lead: 'Mettez en ligne expositions, showrooms, formations et événements sans perdre ce qui faisait leur force en présentiel : le sentiment d’un lieu, le cheminement dans une salle, les personnes qu’on y rencontre.',
  hero: 'pavilion',
  grid: [
    { title: 'Partez de ce que vous avez', text: 'Photos, vidéos, plans et numérisations 3D deviennent la matière première de votre espace.' },
    { title: 'Migrez vos espaces existants', text: 'Vous venez d’une autre plateforme 3D ? Nous vous aidons à y transférer vos contenus.' },
    { title: 'Une plateforme, de nombreux usages', text: 'Le même éditeur sert les équipes marketing, formation, culture et événementiel.' },
    { title: 'Grandissez à votre rythme', text: 'Commencez avec un emplacement gratuit, puis ajoutez emplacements, districts et membres selon vos besoins.' },
  ],
  cards: [
    { title: 'Culture', text: 'Des collections et des archives accessibles à tous, à tout moment.', image: 'museum' },
    { title: 'Commerce', text: 'Des showrooms qui vendent même quand la boutique est fermée.', image: 'showroom' },
    { title: 'Formation', text: 'Des cours et des formations que l’on explore, pas seulement que l’on regarde.', image: 'classroom' },
  ],
  cta: 'Parlez-nous de votre transformation',
};

import type { Catalogue } from '../../i18n/catalogue.ts';
import type { districtPagesText } from './pagesI18n.ts';

// French text of the district home's categories, key for key with pagesI18n.ts.
export const districtPagesFr: Catalogue<typeof districtPagesText> = {
  districtPages: {
    categories: 'Catégories du quartier',
    category: { spaces: 'Espaces', library: 'Bibliothèque', groups: 'Groupes' },
    spaces: { published: 'Publiés', drafts: 'Brouillons' },
    library: { images: 'Images', videos: 'Vidéos', '3d-models': 'Modèles 3D', '3d-texts': 'Textes 3D', '3d-hypertexts': 'Hypertextes 3D' },
    empty: {
      published: 'Aucun espace publié dans ce quartier pour le moment.',
      drafts: 'Vous n’avez pas encore de brouillon à publier ici.',
      library: 'Rien de ce type dans les espaces du quartier pour le moment.',
      groups: 'Ce quartier n’a pas encore de groupe.',
    },
    draftsCreatorsOnly: 'Les brouillons sont réservés au propriétaire et aux créateurs du quartier.',
    groupMembers_one: '{{count}} membre',
    groupMembers_other: '{{count}} membres',
    newGroup: 'Nouveau groupe',
    groupTitle: 'Nom du groupe',
    groupDescription: 'Description',
    createGroup: 'Créer le groupe',
    follow: 'Suivre',
    following: 'Suivi',
    followers_one: '{{count}} abonné',
    followers_other: '{{count}} abonnés',
    logoAlt: 'Logo de {{title}}',
    images: 'Logo et couverture',
    logo: 'Logo',
    cover: 'Couverture',
    upload: 'Téléverser',
    remove: 'Retirer',
    profile: { noOwn: 'Aucun quartier pour le moment.', noOthers: 'Vous n’êtes membre d’aucun autre quartier pour le moment.', noFollowing: 'Aucun quartier suivi pour le moment.' },
    imageHint: 'JPEG, PNG ou WebP',
  },
};

import { i18n } from '../../i18n/index.ts';
import { districtPagesFr } from './pagesI18n.fr.ts';

// The district home's categories, follow button, logo and cover (English; French in pagesI18n.fr.ts).
export const districtPagesText = {
  districtPages: {
    categories: 'District categories',
    category: { spaces: 'Spaces', library: 'Library', groups: 'Groups' },
    spaces: { published: 'Published', drafts: 'Drafts' },
    library: { images: 'Images', videos: 'Videos', '3d-models': '3D models', '3d-texts': '3D texts', '3d-hypertexts': '3D hypertexts' },
    empty: {
      published: 'No spaces published in this district yet.',
      drafts: 'You have no drafts to publish here yet.',
      library: 'Nothing of this kind in the district’s spaces yet.',
      groups: 'This district has no groups yet.',
    },
    draftsCreatorsOnly: 'Drafts are for the district’s owner and creators.',
    groupMembers_one: '{{count}} member',
    groupMembers_other: '{{count}} members',
    newGroup: 'New group',
    groupTitle: 'Group name',
    groupDescription: 'Description',
    createGroup: 'Create group',
    follow: 'Follow',
    following: 'Following',
    followers_one: '{{count}} follower',
    followers_other: '{{count}} followers',
    logoAlt: '{{title}} logo',
    images: 'Logo and cover',
    logo: 'Logo',
    cover: 'Cover',
    upload: 'Upload',
    remove: 'Remove',
    profile: { noOwn: 'No districts yet.', noOthers: 'You are not a member of anyone else’s district yet.', noFollowing: 'Not following any district yet.' },
    imageHint: 'JPEG, PNG or WebP',
  },
};

i18n.addResourceBundle('en', 'translation', districtPagesText, true, false);
i18n.addResourceBundle('fr', 'translation', districtPagesFr, true, false);

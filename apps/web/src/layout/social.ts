import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';

// Social profiles linked from the footer; change the addresses here only.
export const SOCIAL_LINKS = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/atrium-spaces', Icon: IconBrandLinkedin },
  { name: 'Instagram', href: 'https://www.instagram.com/atrium.spaces', Icon: IconBrandInstagram },
  { name: 'YouTube', href: 'https://www.youtube.com/@atrium-spaces', Icon: IconBrandYoutube },
  { name: 'X', href: 'https://x.com/atrium_spaces', Icon: IconBrandX },
  { name: 'Facebook', href: 'https://www.facebook.com/atrium.spaces', Icon: IconBrandFacebook },
] as const;
